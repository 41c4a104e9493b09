"""Other games on the same network, and the nomic chamber."""
