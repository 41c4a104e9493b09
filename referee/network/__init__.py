"""The London Underground as the game sees it: stations, lines, routes (pure, no I/O but data)."""
