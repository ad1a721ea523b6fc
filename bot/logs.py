"""Logging set-up, with secrets kept out at every level.

discord.py logs whole gateway payloads at DEBUG (an INTERACTION_CREATE carries the interaction's token,
good for 15 minutes of replies) and discord.http logs request URLs (interaction callbacks and webhooks
carry that token in the path). Every record passes through `Redact` before any handler writes it."""

from __future__ import annotations

import logging
import re
import sys

REDACTED = "[redacted]"
_PATTERNS = (
    (re.compile(r'("token"\s*:\s*")[^"]+(")'), rf"\g<1>{REDACTED}\g<2>"),
    (re.compile(r"('token'\s*:\s*')[^']+(')"), rf"\g<1>{REDACTED}\g<2>"),
    (re.compile(r"(/interactions/\d+/)[^/\s'\"]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"(/webhooks/\d+/)[^/\s'\"?]+"), rf"\g<1>{REDACTED}"),
    (re.compile(r"(Bot\s+)[A-Za-z0-9._\-]{20,}"), rf"\g<1>{REDACTED}"),
)


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class Redact(logging.Filter):
    """Rewrites a record's message with tokens removed (the formatted text, so arguments are covered)."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        message = redact(record.getMessage())
        for secret in self.secrets:
            message = message.replace(secret, REDACTED)
        record.msg, record.args = message, None
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def setup_logging(level: str, console: bool, secrets: tuple[str, ...] = ()) -> None:
    """Logs on stderr (the console keeps stdout for answers), quiet offline unless asked."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(Redact(secrets))
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO) if not console else logging.WARNING, handlers=[handler]
    )
    if console:
        logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice warnings offline
