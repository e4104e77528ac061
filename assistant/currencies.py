"""Currencies people name ("Swiss francs", "Euros", "NOK"), as ISO 4217 codes."""

from __future__ import annotations

import re

CURRENCIES = {
    "usd": "USD", "us dollar": "USD", "american dollar": "USD", "dollar": "USD",
    "united states dollar": "USD", "eur": "EUR", "euro": "EUR", "gbp": "GBP",
    "pound sterling": "GBP", "british pound": "GBP", "uk pound": "GBP", "great british pound": "GBP", "sterling": "GBP", "pound": "GBP",
    "jpy": "JPY", "yen": "JPY", "japanese yen": "JPY", "cad": "CAD", "canadian dollar": "CAD",
    "aud": "AUD", "australian dollar": "AUD", "chf": "CHF", "swiss franc": "CHF", "franc": "CHF",
    "cny": "CNY", "yuan": "CNY", "chinese yuan": "CNY", "renminbi": "CNY", "inr": "INR",
    "rupee": "INR", "indian rupee": "INR", "mxn": "MXN", "mexican peso": "MXN", "peso": "MXN",
    "krw": "KRW", "won": "KRW", "korean won": "KRW", "rub": "RUB", "ruble": "RUB", "rouble": "RUB",
    "brl": "BRL", "real": "BRL", "brazilian real": "BRL", "nzd": "NZD", "new zealand dollar": "NZD",
    "sek": "SEK", "swedish krona": "SEK", "krona": "SEK", "nok": "NOK", "norwegian krone": "NOK",
    "dkk": "DKK", "danish krone": "DKK", "hkd": "HKD", "hong kong dollar": "HKD",
    "sgd": "SGD", "singapore dollar": "SGD", "zar": "ZAR", "rand": "ZAR",
    "turkish lira": "TRY", "lira": "TRY", "pln": "PLN", "zloty": "PLN", "btc": "BTC",
    "bitcoin": "BTC",
}  # fmt: skip
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
