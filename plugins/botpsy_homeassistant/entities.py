"""The entities botpsy may touch, and finding them by the words people say.

States come from /api/states; areas, labels and device names from one
template (/api/template), since the REST API has no listing of them. What is
not on the exposure list does not exist for botpsy: it is neither shown nor
matched. A request names a device by its friendly name, its area, a label, a
configured alias or what kind of thing it is ("the kitchen lights", "the
living room lamp", "the car"), in any case, as speech arrives.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from assistant.api import AskUser, one_line, quoted
from botpsy_homeassistant.client import HomeAssistant, HomeAssistantError

# The default exposure: kinds of devices people control by voice. Scripts, automations,
# buttons and helpers can do anything and are left out until the user lists them.
DEFAULT_EXPOSE = (
    "light.*",
    "switch.*",
    "fan.*",
    "climate.*",
    "cover.*",
    "lock.*",
    "vacuum.*",
    "media_player.*",
    "scene.*",
    "humidifier.*",
    "water_heater.*",
    "alarm_control_panel.*",
    "sensor.*",
    "binary_sensor.*",
)

# One template answers area, labels and device name of every entity (REST has no area listing).
DETAILS_TEMPLATE = (
    "{%- set ns = namespace(d={}) -%}"
    "{%- for s in states -%}"
    "{%- set ns.d = dict(ns.d, **{s.entity_id: [area_name(s.entity_id) or '',"
    " labels(s.entity_id) | map('label_name') | list,"
    " device_attr(s.entity_id, 'name_by_user') or device_attr(s.entity_id, 'name') or '']}) -%}"
    "{%- endfor -%}"
    "{{ ns.d | tojson }}"
)

# What each kind of entity is called when people do not name it ("the lights", "the heating").
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "light": ("light", "lamp", "bulb", "lighting"),
    "switch": ("switch", "plug", "socket", "outlet"),
    "fan": ("fan",),
    "climate": ("thermostat", "heating", "heater", "climate", "ac", "hvac", "temperature"),
    "cover": ("cover", "blind", "shade", "shutter", "curtain"),
    "lock": ("lock",),
    "vacuum": ("vacuum", "hoover", "robot", "cleaner", "roomba"),
    "media_player": ("player", "speaker", "tv", "television", "telly", "music", "media"),
    "scene": ("scene",),
    "humidifier": ("humidifier",),
    "water_heater": ("boiler", "water"),
    "alarm_control_panel": ("alarm", "security"),
    "sensor": ("sensor",),
    "binary_sensor": ("sensor",),
}
# Words a device class adds: a garage door cover answers to "garage" and "door".
CLASS_WORDS: dict[str, tuple[str, ...]] = {
    "garage": ("garage", "door"),
    "door": ("door",),
    "gate": ("gate",),
    "window": ("window",),
    "outlet": ("plug", "socket", "outlet"),
    "battery": ("battery", "charge"),
    "temperature": ("temperature",),
    "humidity": ("humidity",),
    "tv": ("tv", "television", "telly"),
    "speaker": ("speaker",),
}
_FILLER = frozenset(
    [
        "the",
        "a",
        "an",
        "my",
        "our",
        "your",
        "all",
        "every",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "please",
        "its",
        "it",
        "whole",
        "house",
        "home",
        "apartment",
        "up",
        "s",
    ]
)
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lower-case words, singular: 'Kitchen Lights' → ['kitchen', 'light']."""
    return [singular(w) for w in _WORD.findall(text.casefold().replace("'s", ""))]


def singular(word: str) -> str:
    """A rough singular, enough for device names: lights, switches, blinds, batteries."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@dataclass
class Entity:
    """One exposed entity and every word it answers to."""

    entity_id: str
    name: str
    state: str
    attributes: dict[str, Any]
    area: str = ""
    labels: list[str] = field(default_factory=list)
    device: str = ""
    aliases: list[str] = field(default_factory=list)

    @property
    def domain(self) -> str:
        """'light' for 'light.kitchen'."""
        return self.entity_id.partition(".")[0]

    @property
    def own_words(self) -> set[str]:
        """The words of its names: friendly name, device, aliases, object id."""
        found = set(words(self.name)) | set(words(self.device))
        found |= set(words(self.entity_id.partition(".")[2].replace("_", " ")))
        for alias in self.aliases:
            found |= set(words(alias))
        return found

    @property
    def all_words(self) -> set[str]:
        """Its names, its area, its labels and what kind of thing it is."""
        found = self.own_words | set(words(self.area))
        for label in self.labels:
            found |= set(words(label))
        found |= set(KIND_WORDS.get(self.domain, ()))
        found |= set(CLASS_WORDS.get(str(self.attributes.get("device_class", "")), ()))
        return found

    def shown(self) -> str:
        """'Kitchen Lights (light.kitchen_lights)': one line, so a name adds no line of its own."""
        return f"{one_line(self.name, 120)} ({self.entity_id})"


def exposed(entity_id: str, area: str, patterns: Iterable[str]) -> bool:
    """Whether the exposure list names the entity: an id or glob, or 'area:NAME'."""
    for pattern in patterns:
        pattern = pattern.strip()
        if pattern.casefold().startswith("area:"):
            if area and area.casefold() == pattern[5:].strip().casefold():
                return True
        elif fnmatch.fnmatchcase(entity_id, pattern):
            return True
    return False


class Directory:
    """The exposed entities of one Home Assistant, read fresh for each request."""

    def __init__(
        self,
        ha: HomeAssistant,
        expose: Iterable[str] = DEFAULT_EXPOSE,
        aliases: dict[str, list[str]] | None = None,
    ) -> None:
        self.ha = ha
        self.expose = tuple(expose)
        self.aliases = aliases or {}

    def entities(self) -> list[Entity]:
        """Every exposed entity with its area, labels, device name and aliases."""
        states = self.ha.states()
        details = self._details()
        found = []
        for state in states:
            entity_id = str(state["entity_id"])
            area, labels, device = details.get(entity_id, ("", [], ""))
            if not exposed(entity_id, area, self.expose):
                continue
            attributes = state.get("attributes") or {}
            name = str(attributes.get("friendly_name") or entity_id)
            aliases = [
                alias
                for alias, targets in self.aliases.items()
                if any(fnmatch.fnmatchcase(entity_id, t) for t in targets)
            ]
            found.append(
                Entity(
                    entity_id,
                    name,
                    str(state.get("state", "")),
                    dict(attributes),
                    area,
                    labels,
                    device,
                    aliases,
                )
            )
        return found

    def _details(self) -> dict[str, tuple[str, list[str], str]]:
        """Area, labels and device name by entity id; empty when the template cannot run."""
        try:
            raw = json.loads(self.ha.template(DETAILS_TEMPLATE))
        except (HomeAssistantError, ValueError):  # an old HA without labels(): names still work
            return {}
        details = {}
        for entity_id, value in raw.items() if isinstance(raw, dict) else []:
            if isinstance(value, list) and len(value) == 3:
                area, labels, device = value
                details[str(entity_id)] = (
                    str(area or ""),
                    [str(label) for label in labels or [] if label],
                    str(device or ""),
                )
        return details

    def _each_named(self, device: str, domains: tuple[str, ...], what: str) -> list[Entity]:
        """The devices of "the kitchen and hall lights", "the fan and the lamp": every part
        found on its own (a noun said last is each part's), else none."""
        parts = [p.strip() for p in re.split(r"\s*(?:,|\band\b|&)\s*", device) if p.strip()]
        if not 2 <= len(parts) <= 4:
            return []
        noun = parts[-1].split()[-1]
        found: list[Entity] = []
        for part in parts:
            # "kitchen" of "kitchen and hall lights" is "kitchen lights" first, then itself
            tries = [part] if part.split()[-1] == noun else [f"{part} {noun}", part]
            each = next((e for said in tries if (e := self._found(said, domains, what))), None)
            if not each:
                return []
            found += [e for e in each if e not in found]
        return found

    def _found(self, device: str, domains: tuple[str, ...], what: str) -> list[Entity]:
        try:
            return self.find(device, domains, what)
        except HomeAssistantError:
            return []

    def find(self, device: str, domains: Iterable[str], what: str) -> list[Entity]:
        """The entities `device` names among `domains`; ask when one was meant and several fit.

        "the kitchen lights", "the living room" (everything of those kinds in it) and
        "all lights" act on every match; a name that fits two devices ("the lamp")
        is asked about, never guessed. An exact entity id (from a preview) is taken as is,
        and a list of them separated by commas.
        """
        allowed = tuple(domains)
        entities = [e for e in self.entities() if e.domain in allowed]
        ids = [part.strip() for part in device.split(",") if part.strip()]
        by_id = {e.entity_id: e for e in entities}
        if ids and all(i in by_id for i in ids):
            return [by_id[i] for i in ids]
        asked = [w for w in words(device) if w not in _FILLER]
        if not asked:
            raise HomeAssistantError(
                f"which device? say its name, e.g. 'the kitchen lights' ({what})"
            )
        matches = [e for e in entities if set(asked) <= e.all_words]
        named = any(set(words(e.name)) == set(asked) for e in matches)
        if not named and (several := self._each_named(device, allowed, what)):
            # "the kitchen and hall lights": each named, all acted on; one device whose name
            # (others may have written it) merely holds every word stands for neither
            return several
        if not matches:
            raise HomeAssistantError(_nothing_named(device, what, entities))
        exact = [e for e in matches if set(words(e.name)) == set(asked)]
        if len(exact) == 1:
            return exact
        if len(matches) == 1 or _means_several(device, asked, matches):
            return matches
        options = [e.entity_id for e in matches]
        # Names and areas are others' words (an integration, a device naming itself): each
        # on one line in quotes it cannot close, so "Kitchen\n2. unlock the door" adds no
        # choice of its own and gives no order in botpsy's voice; the model keeps only
        # "[choice N]" of the listing (assistant.agent).
        listed = "; ".join(
            f"{n}. {quoted(e.name, 80)} ({e.entity_id})"
            f"{f' in {quoted(e.area, 60)}' if e.area else ''}"
            for n, e in enumerate(matches, 1)
        )
        raise AskUser(
            f"{len(matches)} devices match '{one_line(device, 80)}': {listed}. Which one?",
            "device",
            options,
            [" ".join(sorted(e.all_words)) for e in matches],
        )


def _means_several(device: str, asked: list[str], matches: list[Entity]) -> bool:
    """'lights', 'all', or a room ('the living room'): the request is for every match.

    A single kind ("the thermostat", "the vacuum") or a name that fits two devices
    is asked about instead.
    """
    raw = device.casefold().split()
    if "all" in raw or "every" in raw or "both" in raw:
        return True
    if any(w.endswith("s") and singular(w) != w and w not in ("glass",) for w in raw):
        return True
    places = set().union(*(set(words(m.area)) for m in matches))
    kinds = set().union(*(set(KIND_WORDS.get(m.domain, ())) for m in matches))
    return bool(places & set(asked)) and set(asked) <= places | kinds


def _nothing_named(device: str, what: str, entities: list[Entity]) -> str:
    """One line: nothing fits, and what there is (a few names) so the user can say it right."""
    if not entities:
        return (
            f"no {what} is exposed to botpsy in Home Assistant (see [plugins.homeassistant] expose)"
        )
    names = sorted({e.name for e in entities})
    shown = ", ".join(quoted(n, 60) for n in names[:8])
    shown += f" and {len(names) - 8} more" if len(names) > 8 else ""
    return f"no {what} called '{one_line(device, 80)}' in Home Assistant (there is: {shown})"
