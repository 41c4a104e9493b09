"""Subcommands of ``referee``, one module per concern, registered in referee/cli.py."""
