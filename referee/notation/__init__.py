"""Game State Document and play notation: text <-> typed values, parse and render paired."""
