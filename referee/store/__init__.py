"""Durable storage: SQLAlchemy models, sessions, migrations."""
