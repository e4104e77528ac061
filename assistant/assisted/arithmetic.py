"""Sums people say ("what is thirty six times eleven", "12% of 80"), worked out exactly.

A small model gets arithmetic wrong, and an assisted one may even be made to call a tool
for it. A request that is nothing but a sum needs neither: it is read here word by word
(spoken numbers, operators as said, fractions as parts) and worked out with exact
fractions, by a small parser: no `eval`. Anything besides a sum is left alone (None), so
"set a timer for five minutes" never reaches this; a sum that cannot be worked out
("eight divided by zero") gets one clear line instead of a number.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from assistant.assisted.lexicon import table, words

_LEAD = words("arithmetic", "lead")
_UNITS = {k: int(v) for k, v in table("arithmetic", "units").items()}
_SCALES = {k: int(v) for k, v in table("arithmetic", "scales").items()}
_PARTS = {k: Fraction(v[0], v[1]) for k, v in table("arithmetic", "parts").items()}
_OPERATORS = {tuple(k.split()): v for k, v in table("arithmetic", "operators").items()}
_LONGEST = max(len(k) for k in _OPERATORS)
_SYMBOLS = {"+": "+", "-": "-", "*": "*", "×": "*", "/": "/", "÷": "/", "^": "^", "%": "pct"}
_SPOKEN = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "^": "to the power of",
           "%": "modulo", "of": "of", "pct": "percent", "sq": "squared", "cube": "cubed",
           "sqrt": "the square root of", "cbrt": "the cube root of", "neg": "minus",
           "dbl": "twice", "tpl": "three times", "(": "(", ")": ")"}  # fmt: skip
_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+|[a-z]+|[-+*/^×÷%()]")
_LIMIT = 10**60  # larger than any sum a person says; bounds the work of a power
_MAX_EXPONENT = 200


class SumError(ValueError):
    """A sum that has no answer ("divided by zero"); its message is the reply."""


@dataclass(frozen=True)
class _Token:
    kind: str  # "num" or "op"
    value: Fraction | str
    text: str


def answer(request: str) -> str | None:
    """The reply to a request that is a sum ("24 times 24 is 576."), or None if it is not one."""
    tokens = _tokens(request)
    if tokens is None:
        return None
    said = _said(tokens)
    parser = _Parser(tokens)
    try:
        value = parser.parse()
    except SumError as error:
        return str(error)
    shown = _about(value) if parser.approximate else _shown(value)
    return f"{said} is {shown}."


def number_said(words: list[str]) -> tuple[Fraction, int] | None:
    """The number the words start with ("two hundred", "a third", "12") and how many words
    it took, or None."""
    if not words:
        return None
    value, used = _number(words, 0)
    return (value, used) if used else None


def _tokens(request: str) -> list[_Token] | None:
    """The request as numbers and operators, or None when any other word is in it."""
    raw = _TOKEN.findall(request.lower().replace("what's", "what is"))
    while raw and raw[0] in _LEAD:
        raw.pop(0)
    while raw and raw[-1] in _LEAD:
        raw.pop()
    tokens: list[_Token] = []
    i = 0
    while i < len(raw):
        number, used = _number(raw, i)
        if used:
            tokens.append(_Token("num", number, " ".join(raw[i : i + used])))
            i += used
            continue
        for size in range(min(_LONGEST, len(raw) - i), 0, -1):
            operator = _OPERATORS.get(tuple(raw[i : i + size]))
            if operator is not None:
                tokens.append(_Token("op", operator, operator))
                i += size
                break
        else:
            symbol = _SYMBOLS.get(raw[i], raw[i] if raw[i] in "()" else None)
            if symbol is None:
                return None  # a word that is not part of a sum: not ours
            tokens.append(_Token("op", symbol, symbol))
            i += 1
    has_number = any(t.kind == "num" for t in tokens)
    has_operator = any(t.kind == "op" and t.value not in ("(", ")") for t in tokens)
    return tokens if has_number and has_operator else None


def _number(raw: list[str], i: int) -> tuple[Fraction, int]:
    """The number starting at raw[i] (digits, spoken, "a half", "three quarters"), and how
    many tokens it took (0: none starts there)."""
    start = i
    if raw[i] == "a" and i + 1 < len(raw) and (raw[i + 1] in _SCALES or raw[i + 1] in _PARTS):
        i += 1  # "a hundred", "a third"
        if raw[i] in _PARTS:
            return _PARTS[raw[i]], i + 1 - start
        whole = Fraction(1)
    elif raw[i] in _PARTS:  # "half of 35"
        return _PARTS[raw[i]], 1
    elif re.fullmatch(r"[\d,]*\.?\d+", raw[i]):
        whole = Fraction(raw[i].replace(",", ""))
        i += 1
    else:
        spoken, used = _spoken(raw, i)
        if not used:
            return Fraction(0), 0
        whole, i = Fraction(spoken), i + used
        if i + 1 < len(raw) and raw[i] == "point" and raw[i + 1] in _UNITS:
            digits = ""
            i += 1
            while i < len(raw) and raw[i] in _UNITS and _UNITS[raw[i]] < 10:
                digits += str(_UNITS[raw[i]])
                i += 1
            whole += Fraction(f"0.{digits}") if digits else 0
        if i < len(raw) and raw[i] in _PARTS:  # "three quarters"
            whole, i = whole * _PARTS[raw[i]], i + 1
        return whole, i - start
    while i < len(raw) and raw[i] in _SCALES and whole:
        whole, i = whole * _SCALES[raw[i]], i + 1
    return whole, i - start


def _spoken(raw: list[str], i: int) -> tuple[int, int]:
    """A number said in words ("one hundred and five", "twenty four"), and its length."""
    total = current = used = 0
    while i + used < len(raw):
        word = raw[i + used]
        if word in _UNITS:
            tail = current % 100
            if used and (tail % 10 or (tail and (tail < 20 or _UNITS[word] >= 10))):
                break  # "four four", "ten two", "twenty thirty": not one number
            current += _UNITS[word]
        elif word in _SCALES and used:
            scale = _SCALES[word]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * scale, 0
        elif (
            word == "and"
            and used
            and raw[i + used - 1] in _SCALES
            and i + used + 1 < len(raw)
            and raw[i + used + 1] in _UNITS
        ):
            pass  # "one hundred and five"
        else:
            break
        used += 1
    return total + current, used


def _said(tokens: list[_Token]) -> str:
    """The sum as read, in plain words and digits ("24 times 24")."""
    parts = [
        _SPOKEN[t.value]
        if isinstance(t.value, str)
        else t.text
        if any(w in _PARTS for w in t.text.split())  # "a third", "three quarters": as said
        else _shown(t.value)
        for t in tokens
    ]
    return " ".join(parts).replace("( ", "(").replace(" )", ")").capitalize()


def _about(value: Fraction) -> str:
    return f"about {float(value):.6f}".rstrip("0").rstrip(".")


def _shown(value: Fraction) -> str:
    """An exact number as written: "576", "17.5", "-0.25", or about 6 decimals ("3.333333")."""
    if value.denominator == 1:
        return str(value.numerator)
    denominator = value.denominator
    for factor in (2, 5):
        while denominator % factor == 0:
            denominator //= factor
    if denominator == 1:  # ends: written exactly
        text = f"{float(value):.12f}".rstrip("0")
        return text.rstrip(".")
    return _about(value)


class _Parser:
    """Precedence climbing over the tokens: + -, then * / % of, then ^, then prefixes."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.at = 0
        self.approximate = False  # a root or a power that is not exact

    def parse(self) -> Fraction:
        value = self._sum()
        if self.at != len(self.tokens):
            raise SumError(f"I can't work that out: I don't follow \"{self._next_text()}\" there.")
        return value

    def _peek(self) -> str | None:
        if self.at < len(self.tokens) and self.tokens[self.at].kind == "op":
            return str(self.tokens[self.at].value)
        return None

    def _next_text(self) -> str:
        token = self.tokens[self.at]
        return token.text if token.kind == "num" else _SPOKEN[str(token.value)]

    def _sum(self) -> Fraction:
        value = self._product()
        while self._peek() in ("+", "-"):
            operator = self._peek()
            self.at += 1
            right = self._product()
            value = _checked(value + right if operator == "+" else value - right)
        return value

    def _product(self) -> Fraction:
        value = self._power()
        while self._peek() in ("*", "/", "%", "of"):
            operator = self._peek()
            self.at += 1
            right = self._power()
            if operator in ("/", "%") and right == 0:
                raise SumError("I can't divide by zero: that sum has no answer.")
            if operator == "/":
                value = value / right
            elif operator == "%":
                value = value % right
            else:
                value = _checked(value * right)
        return value

    def _power(self) -> Fraction:
        base = self._unary()
        if self._peek() != "^":
            return base
        self.at += 1
        exponent = self._power()  # right to left: 2^3^2 is 2^9
        return self._raised(base, exponent)

    def _unary(self) -> Fraction:
        operator = self._peek()
        if operator == "neg":  # "negative four squared" is 16: the sign is the number's
            self.at += 1
            return self._postfixed(-self._atom())
        if operator in ("-", "+"):
            self.at += 1
            value = self._unary()
            return -value if operator == "-" else value
        if operator in ("sqrt", "cbrt", "dbl", "tpl"):
            self.at += 1
            value = self._unary()
            if operator == "dbl":
                return _checked(2 * value)
            if operator == "tpl":
                return _checked(3 * value)
            return self._root(value, 2 if operator == "sqrt" else 3)
        return self._postfixed(self._atom())

    def _atom(self) -> Fraction:
        if self.at >= len(self.tokens):
            raise SumError("I can't work that out: the sum stops before its last number.")
        token = self.tokens[self.at]
        if token.kind == "num":
            self.at += 1
            assert isinstance(token.value, Fraction)
            return token.value
        if token.value == "(":
            self.at += 1
            value = self._sum()
            if self._peek() != ")":
                raise SumError("I can't work that out: a bracket is never closed.")
            self.at += 1
            return value
        raise SumError(f'I can\'t work that out: "{_SPOKEN[str(token.value)]}" needs a number.')

    def _postfixed(self, value: Fraction) -> Fraction:
        while self._peek() in ("sq", "cube", "pct"):
            operator = self._peek()
            self.at += 1
            if operator == "pct":
                value = value / 100
            else:
                value = self._raised(value, Fraction(2 if operator == "sq" else 3))
        return value

    def _raised(self, base: Fraction, exponent: Fraction) -> Fraction:
        if exponent.denominator != 1:
            if base < 0:
                raise SumError("A negative number has no real root of that kind.")
            self.approximate = True
            return _checked(Fraction(float(base) ** float(exponent)))
        if abs(exponent) > _MAX_EXPONENT:
            raise SumError("That number is too large for me to work out exactly.")
        if base == 0 and exponent < 0:
            raise SumError("I can't divide by zero: that sum has no answer.")
        return _checked(base ** int(exponent))

    def _root(self, value: Fraction, degree: int) -> Fraction:
        """Exact when the root is ("the square root of 81" is 9), else to float precision."""
        if value < 0 and degree % 2 == 0:
            raise SumError("A negative number has no real square root.")
        sign = -1 if value < 0 else 1
        exact = [_integer_root(abs(part), degree) for part in (value.numerator, value.denominator)]
        if exact[0] is not None and exact[1] is not None:
            return sign * Fraction(exact[0], exact[1])
        self.approximate = True
        return Fraction(sign * abs(float(value)) ** (1 / degree))


def _checked(value: Fraction) -> Fraction:
    if abs(value.numerator) > _LIMIT or value.denominator > _LIMIT:
        raise SumError("That number is too large for me to work out exactly.")
    return value


def _integer_root(n: int, degree: int) -> int | None:
    root = math.isqrt(n) if degree == 2 else round(n ** (1 / 3))
    return root if root**degree == n else None
