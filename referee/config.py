"""Settings for the mail service, read from ``REFEREE_*`` environment variables.

One flat settings object so an operator can configure the whole service from the environment
(or a ``.env`` file) without editing code. The defaults run everything on loopback with a
SQLite file in the working directory; ``REFEREE_DATABASE_URL`` switches to PostgreSQL.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the listener, poller, runner and sender need to know."""

    model_config = SettingsConfigDict(env_prefix="REFEREE_", env_file=".env", extra="ignore")

    database_url: str = Field(
        "sqlite:///referee.sqlite3",
        description="SQLAlchemy URL: a SQLite file by default, postgresql+psycopg://... for PG.",
    )
    sqlite_synchronous: str = Field(
        "FULL",
        description="SQLite's synchronous pragma: FULL survives power loss, NORMAL only crashes.",
    )

    address: str = Field(
        "referee@referee.example.org",
        description="The referee's own address: replies come from it and mail to it is accepted.",
    )
    display_name: str = "Mornington Referee"
    x_loop: str = Field("", description="X-Loop value we stamp and refuse; defaults to address.")

    smtp_host: str = "127.0.0.1"
    smtp_port: int = 8025
    max_message_bytes: int = Field(
        1_000_000, description="Mail larger than this is refused at SMTP time with 552."
    )

    relay_host: str = "127.0.0.1"
    relay_port: int = 25
    relay_starttls: bool = Field(False, description="Upgrade the relay connection with STARTTLS.")
    relay_user: str = Field("", description="Log in to the relay as this user (empty: no AUTH).")
    relay_password: str = ""
    relay_max_attempts: int = 8
    relay_backoff_seconds: float = Field(
        30.0, description="First retry delay; each later attempt waits twice as long."
    )
    relay_backoff_cap_seconds: float = 3600.0

    imap_host: str = Field("", description="Empty means no IMAP poller.")
    imap_port: int = 143
    imap_ssl: bool = False
    imap_user: str = ""
    imap_password: str = ""
    imap_mailbox: str = "INBOX"
    imap_use_idle: bool = Field(True, description="Use IDLE when the server offers it.")
    imap_poll_seconds: float = Field(
        30.0, description="Polling interval when the server has no IDLE; the IDLE timeout too."
    )

    lounge_list_mail: bool = Field(
        True,
        description="Act on turns that reach us through a game's own lounge list, answering "
        "only in the lounge; when false, all mailing-list mail is ignored.",
    )
    daily_reply_cap: int = Field(
        40, description="Most replies one address gets from the referee in one UTC day."
    )
    speaker_address: str = Field(
        "", description="The Speaker's address: Speaker commands are taken only from it."
    )
    speaker_secret: str = Field(
        "", description="The Speaker's secret, given as 'Secret:' with every Speaker command."
    )
    reminder_lead_hours: float = Field(
        12.0, description="How long before a deadline the player who owes the step is reminded."
    )
    deadline_poll_seconds: float = Field(
        60.0, description="How often 'referee serve' processes deadlines that have fallen due."
    )
    web_base_url: str = Field(
        "",
        description="Where the game pages are published (https://games.example.org/mc); "
        "lounge posts link to a game's page when it is set.",
    )
    worker_poll_seconds: float = Field(
        1.0, description="How often idle workers look for work they were not told about."
    )

    def game_page_url(self, number: int) -> str:
        """The public web page of game ``number`` (``referee web`` serves it at
        ``games/<number>.html``), or "" when no base URL is set."""
        base = self.web_base_url.rstrip("/")
        return f"{base}/games/{number}.html" if base else ""

    @property
    def loop_token(self) -> str:
        """The X-Loop value that marks mail as ours."""
        return self.x_loop or self.address
