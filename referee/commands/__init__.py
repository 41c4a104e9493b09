"""Subcommands of the ``referee`` command, one module each."""
