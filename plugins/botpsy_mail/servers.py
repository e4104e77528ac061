"""IMAP and SMTP sessions for one account, with every failure turned into one line for the user.

Security is the account's choice: `tls` (implicit TLS, ports 993/465), `starttls`
(upgrade on 143/587), or `none`, which is refused for any host but this machine
so a password never crosses a network in clear text.
"""

from __future__ import annotations

import imaplib
import ipaddress
import re
import smtplib
import socket
import ssl
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from email.message import EmailMessage

from assistant.api import ToolError

TIMEOUT = 20
SECURITIES = ("tls", "starttls", "none")


class MailError(ToolError):
    """A mail server could not be used; one line for the user."""


class MailUnreachable(MailError):
    """The server did not answer."""


class MailAuthFailed(MailError):
    """The server refused the user name or password."""


@dataclass(frozen=True)
class Endpoint:
    """host:port and how to secure it."""

    host: str
    port: int
    security: str  # tls, starttls, none

    @classmethod
    def parse(cls, text: str, security: str, default_tls: int, default_plain: int) -> Endpoint:
        """'imap.example.org:993' (the port defaults to the usual one for the security)."""
        text = text.strip()
        match = re.fullmatch(r"\[?([^\]\s]+?)\]?(?::(\d+))?", text)
        if not match or not match.group(1):
            raise MailError(f"not a server address: {text!r} (use HOST or HOST:PORT)")
        port = (
            int(match.group(2))
            if match.group(2)
            else (default_tls if security == "tls" else default_plain)
        )
        return cls(match.group(1), port, security).checked()

    def checked(self) -> Endpoint:
        """This endpoint, if a password may be sent to it: clear text only to this machine."""
        if self.security not in SECURITIES:
            raise MailError(f"security must be tls, starttls or none, not {self.security!r}")
        if self.security == "none" and not is_loopback(self.host):
            raise MailError(
                f"refusing to send a password in clear text to {self.host}: use tls or starttls "
                "(security none is only for a server on this machine)"
            )
        return self

    def __str__(self) -> str:
        return f"{self.host}:{self.port}"


def is_loopback(host: str) -> bool:
    """Whether a host is this machine: `localhost` or a loopback address (127.0.0.0/8, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@contextmanager
def translated(endpoint: Endpoint, what: str) -> Iterator[None]:
    """Network, TLS and protocol errors as one-line MailErrors."""
    try:
        yield
    except MailError:
        raise
    except smtplib.SMTPAuthenticationError:
        raise MailAuthFailed(
            f"the {what} at {endpoint} refused the user name or password"
        ) from None
    except smtplib.SMTPException as exc:
        raise MailError(
            f"the {what} at {endpoint} failed: {' '.join(str(exc).split())[:200]}"
        ) from None
    except ssl.SSLError as exc:
        reason = (
            "the certificate is not trusted"
            if "CERTIFICATE" in str(exc)
            else str(exc.reason or exc)
        )
        raise MailError(f"TLS error talking to {what} at {endpoint}: {reason}") from None
    except TimeoutError:
        raise MailUnreachable(f"{what} at {endpoint} did not answer within {TIMEOUT} s") from None
    except socket.gaierror:
        raise MailUnreachable(
            f"cannot find the {what} {endpoint.host} (name lookup failed)"
        ) from None
    except ConnectionRefusedError:
        raise MailUnreachable(
            f"cannot reach the {what} at {endpoint} (connection refused)"
        ) from None
    except OSError as exc:
        raise MailUnreachable(
            f"cannot reach the {what} at {endpoint}: {exc.strerror or exc}"
        ) from None
    except imaplib.IMAP4.error as exc:
        text = " ".join(str(exc).split())
        if "AUTHENTICATIONFAILED" in text.upper() or "LOGIN" in text.upper():
            raise MailAuthFailed(
                f"the {what} at {endpoint} refused the user name or password"
            ) from None
        raise MailError(f"the {what} at {endpoint} failed: {text[:200]}") from None


def _context() -> ssl.SSLContext:
    return ssl.create_default_context()


@contextmanager
def imap_session(endpoint: Endpoint, user: str, password: str) -> Iterator[imaplib.IMAP4]:
    """A logged-in IMAP connection, logged out afterwards; its capabilities are the logged-in ones."""
    endpoint.checked()  # accounts.json may have been edited by hand since `account add`
    with translated(endpoint, "mail server (IMAP)"):
        if endpoint.security == "tls":
            connection: imaplib.IMAP4 = imaplib.IMAP4_SSL(
                endpoint.host, endpoint.port, ssl_context=_context(), timeout=TIMEOUT
            )
        else:
            connection = imaplib.IMAP4(endpoint.host, endpoint.port, timeout=TIMEOUT)
            if endpoint.security == "starttls":
                connection.starttls(ssl_context=_context())
        try:
            connection.login(user, password)
        except imaplib.IMAP4.error:
            raise MailAuthFailed(
                f"the mail server (IMAP) at {endpoint} refused the user name or password"
            ) from None
        # A server offers more once logged in (MOVE, UIDPLUS); imaplib keeps the pre-login list.
        status, data = connection.capability()
        if status == "OK" and data and isinstance(data[-1], bytes):
            connection.capabilities = tuple(data[-1].decode("ascii", "replace").upper().split())
        try:
            yield connection
        finally:
            with suppress(imaplib.IMAP4.error, OSError):
                connection.logout()


@contextmanager
def smtp_session(endpoint: Endpoint, user: str, password: str) -> Iterator[smtplib.SMTP]:
    """A logged-in SMTP connection (no login when the server offers no AUTH on this machine)."""
    endpoint.checked()
    with translated(endpoint, "outgoing mail server (SMTP)"):
        if endpoint.security == "tls":
            connection: smtplib.SMTP = smtplib.SMTP_SSL(
                endpoint.host, endpoint.port, context=_context(), timeout=TIMEOUT
            )
        else:
            connection = smtplib.SMTP(endpoint.host, endpoint.port, timeout=TIMEOUT)
            if endpoint.security == "starttls":
                connection.starttls(context=_context())
        try:
            connection.ehlo()
            if connection.has_extn("auth"):
                connection.login(user, password)
            elif endpoint.security != "none":
                raise MailError(
                    f"the SMTP server at {endpoint} offers no login; cannot send as {user}"
                )
            yield connection
        finally:
            with suppress(smtplib.SMTPException, OSError):
                connection.quit()


def send(endpoint: Endpoint, user: str, password: str, message: EmailMessage) -> dict[str, str]:
    """Send once; the recipients the server refused (address → reason). Raises when none were taken."""
    with (
        smtp_session(endpoint, user, password) as connection,
        translated(endpoint, "outgoing mail server (SMTP)"),
    ):
        try:
            refused = connection.send_message(message)
        except smtplib.SMTPRecipientsRefused as exc:
            reasons = "; ".join(
                f"{a}: {c} {m.decode(errors='replace')}" for a, (c, m) in exc.recipients.items()
            )
            raise MailError(
                f"nothing was sent: the server refused every recipient ({reasons})"
            ) from None
        except smtplib.SMTPSenderRefused as exc:
            text = exc.smtp_error.decode(errors="replace")
            if exc.smtp_code == 552:
                raise MailError(
                    f"nothing was sent: the message is too large for the server ({text})"
                ) from None
            raise MailError(
                f"nothing was sent: the server refused the sender ({exc.smtp_code} {text})"
            ) from None
        except smtplib.SMTPServerDisconnected:
            raise MailError(
                "the connection to the SMTP server broke while sending: the message may or may not "
                "have gone out; check your Sent folder or with the recipient before sending again"
            ) from None
        except smtplib.SMTPDataError as exc:
            text = (
                exc.smtp_error.decode(errors="replace")
                if isinstance(exc.smtp_error, bytes)
                else str(exc.smtp_error)
            )
            if exc.smtp_code == 552:
                raise MailError(
                    f"nothing was sent: the message is too large for the server ({text})"
                ) from None
            raise MailError(
                f"nothing was sent: the server refused the message ({exc.smtp_code} {text})"
            ) from None
    return {
        address: f"{code} {reason.decode(errors='replace')}"
        for address, (code, reason) in refused.items()
    }
