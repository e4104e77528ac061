"""Currencies people name ("Swiss francs", "Euros", "NOK"), as ISO 4217 codes."""

from __future__ import annotations

import re

from assistant.assisted.lexicon import table

CURRENCIES = table("currencies", "currencies")
CURRENCY_NAME = re.compile(
    r"\b(?:(?:united states|us|u\.s\.|american|canadian|australian|new zealand|hong kong|singapore"
    r"|british|swiss|japanese|chinese|indian|mexican|korean|brazilian|swedish|norwegian|danish"
    r"|turkish)\s+)?(?:dollars?|euros?|pounds? sterling|yen|francs?|yuan|renminbi|rupees?"
    r"|pesos?|won|rubles?|roubles?|krona|krone|rand|lira|zloty|bitcoins?|sterling)\b"
    r"|\b(?:british|uk|great british)\s+pounds?\b"
    r"|\b(?:USD|EUR|GBP|JPY|CAD|AUD|CHF|CNY|INR|MXN|KRW|RUB|BRL|NZD|SEK|NOK|DKK|HKD|SGD|ZAR|PLN|BTC)\b",
    re.IGNORECASE,
)


def currency_code(name: str) -> str | None:
    """'Swiss francs' -> 'CHF', 'Euros' -> 'EUR', 'Norwegian krone' -> 'NOK'."""
    key = re.sub(r"\s+", " ", name.lower().replace("u.s.", "us")).strip()
    if key not in CURRENCIES:
        key = re.sub(r"(?<=[a-z])s$", "", key)
    return CURRENCIES.get(key) or CURRENCIES.get(key.split()[-1])
