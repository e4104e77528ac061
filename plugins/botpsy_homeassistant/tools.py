"""Home Assistant tools: lights, switches and plugs, climate, covers, locks, vacuum, media, scenes.

Effects: switching things on and off, dimming, setting a temperature, closing,
locking and arming are `write` (reversible, they run). Unlocking, opening a
cover or garage door and disarming an alarm let someone in: they are `access`,
so they ask first, showing the resolved device, and are refused with no terminal. Every result is the state Home Assistant
reports after the call, read again, never what was hoped.

All tools are `untrusted_output`: names and attributes come from integrations
and devices as much as from the user (a speaker or TV names itself on the
network, a media title is whatever is playing, a shared household renames
things), so their text reaches the model fenced, and a send, delete or access
after it needs a live yes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from assistant.api import Effect, Shown, ToolArgumentError, ToolResult, one_line, quoted, tool
from botpsy_homeassistant.client import HomeAssistantError
from botpsy_homeassistant.colours import rgb
from botpsy_homeassistant.entities import Directory, Entity, words

SETTLE_SECONDS = (
    3.0  # how long to wait for HA to report the new state before saying what it reports
)
_OPENERS = frozenset(["garage", "gate", "door", "lock", "entrance"])
# What a switch may guard: turning it off disarms ("alarm system", "security", "cameras").
_GUARDS = frozenset(["alarm", "security", "camera", "cameras", "siren", "burglar", "intruder"])

ON_OFF = ("light", "switch", "fan", "humidifier", "media_player", "climate", "vacuum")
TURN_ON = (*ON_OFF, "scene")
COVERS = ("cover",)
LOCKS = ("lock", "alarm_control_panel")

Service = tuple[str, str, dict[str, Any]]


def describe(entity: dict[str, Any]) -> str:
    """The state HA reports, in words: 'on, 40% brightness', 'heat, set to 21 °C (now 19 °C)'."""
    state = str(entity.get("state", "unknown"))
    attributes = entity.get("attributes") or {}
    domain = str(entity.get("entity_id", "")).partition(".")[0]
    parts = [state]
    if domain == "light" and state == "on":
        if isinstance(attributes.get("brightness"), int | float):
            parts.append(f"{round(attributes['brightness'] * 100 / 255)}% brightness")
        if isinstance(attributes.get("rgb_color"), list):
            parts.append("colour rgb(" + ", ".join(str(c) for c in attributes["rgb_color"]) + ")")
    elif domain == "climate":
        unit = "°"
        if attributes.get("temperature") is not None:
            parts.append(f"set to {attributes['temperature']}{unit}")
        if attributes.get("current_temperature") is not None:
            parts.append(f"now {attributes['current_temperature']}{unit}")
    elif domain == "cover" and attributes.get("current_position") is not None:
        parts.append(f"position {attributes['current_position']}%")
    elif domain in ("sensor", "number") and attributes.get("unit_of_measurement"):
        parts = [f"{state} {attributes['unit_of_measurement']}"]
    elif domain == "media_player" and attributes.get("volume_level") is not None:
        parts.append(f"volume {round(float(attributes['volume_level']) * 100)}%")
        if attributes.get("media_title"):
            parts.append(f"playing {attributes['media_title']}")
    elif domain == "vacuum" and attributes.get("battery_level") is not None:
        parts.append(f"battery {attributes['battery_level']}%")
    return ", ".join(parts)


class HomeTools:
    """The tools over one Home Assistant's exposed entities."""

    def __init__(self, directory: Directory, settle: float = SETTLE_SECONDS) -> None:
        self.directory = directory
        self.settle = settle

    # -- acting -------------------------------------------------------------------------------
    def _pin(self, device: str, domains: tuple[str, ...], what: str, verb: str) -> Shown:
        found = self.directory.find(device, domains, what)
        # Names and states are others' words (an integration, a nearby device naming itself):
        # one line each, so none adds a line of its own under the approval's real one, and
        # each name in quotes it cannot close, so none reads as botpsy's words or another id.
        listed = ", ".join(
            f"{quoted(e.name, 120)} ({e.entity_id}), now {one_line(e.state, 40)}" for e in found
        )
        return Shown(f"{verb} {listed}", {"device": ",".join(e.entity_id for e in found)})

    def _act(
        self,
        device: str,
        domains: tuple[str, ...],
        what: str,
        service: Callable[[Entity], Service],
        wanted: Callable[[Entity], tuple[str, ...]],
        done: str,
    ) -> ToolResult:
        """Call the service on every entity `device` names; report what HA says afterwards."""
        entities = self.directory.find(device, domains, what)
        plans = [(entity, service(entity)) for entity in entities]  # all checked before any call
        for entity, (domain, name, data) in plans:
            self.directory.ha.call(domain, name, {"entity_id": entity.entity_id, **data})
        lines, states = [], []
        for entity, _ in plans:
            after = self._settled(entity, wanted(entity))
            states.append(
                {
                    "entity_id": entity.entity_id,
                    "name": entity.name,
                    "state": after.get("state"),
                    "attributes": _kept(after.get("attributes") or {}),
                }
            )
            reached = not wanted(entity) or after.get("state") in wanted(entity)
            note = "" if reached else f" (asked to {done}; Home Assistant still reports this)"
            lines.append(f"{entity.shown()}: {describe(after)}{note}.")
        return ToolResult("\n".join(lines), {"entities": states})

    def _settled(self, entity: Entity, wanted: tuple[str, ...]) -> dict[str, Any]:
        """The entity's state read again, waiting briefly for the state asked for."""
        deadline = time.monotonic() + self.settle
        while True:
            after = self.directory.ha.state(entity.entity_id)
            if not wanted or after.get("state") in wanted or time.monotonic() >= deadline:
                return after
            time.sleep(0.2)

    def _attributes(self) -> dict[str, dict[str, Any]]:
        """Every entity's attributes by id, exposed or not (a scene may set any of them)."""
        return {
            str(s.get("entity_id")): dict(s.get("attributes") or {})
            for s in self.directory.ha.states()
        }

    # -- previews (what runs is what was shown) -----------------------------------------------
    def preview_on(self, arguments: dict[str, Any]) -> Shown:
        """Which devices a turn-on reaches."""
        return self._pin(arguments["device"], TURN_ON, "device to turn on", "turn on")

    def preview_off(self, arguments: dict[str, Any]) -> Shown:
        """Which devices a turn-off reaches."""
        return self._pin(arguments["device"], ON_OFF, "device to turn off", "turn off")

    def preview_light(self, arguments: dict[str, Any]) -> Shown:
        """Which lights change."""
        return self._pin(arguments.get("device") or "lights", ("light",), "light", "set")

    def preview_climate(self, arguments: dict[str, Any]) -> Shown:
        """Which thermostat is set, and to what (a change: from its target now to the new one)."""
        device = arguments.get("device") or "thermostat"
        temperature, change = arguments.get("temperature"), arguments.get("change")
        _climate_asked(temperature, change)
        shown = self._pin(device, ("climate",), "thermostat", "set")
        targets = ", ".join(
            f"{_target(e, temperature, change):g}°"
            for e in self.directory.find(device, ("climate",), "thermostat")
        )
        said = f" ({change:+g}° from now)" if change is not None else ""
        return Shown(f"{shown.text} to {targets}{said}", shown.pinned)

    def preview_open(self, arguments: dict[str, Any]) -> Shown:
        """Which cover or door opens."""
        return self._pin(arguments["device"], (*COVERS, "switch"), "cover or door", "open")

    def preview_close(self, arguments: dict[str, Any]) -> Shown:
        """Which cover closes."""
        return self._pin(arguments["device"], COVERS, "cover", "close")

    def preview_lock(self, arguments: dict[str, Any]) -> Shown:
        """Which lock locks or alarm arms."""
        return self._pin(arguments["device"], LOCKS, "lock or alarm", "lock")

    def preview_unlock(self, arguments: dict[str, Any]) -> Shown:
        """Which lock unlocks or alarm disarms."""
        return self._pin(arguments["device"], LOCKS, "lock or alarm", "unlock")

    def preview_media(self, arguments: dict[str, Any]) -> Shown:
        """Which player is controlled."""
        shown = self._pin(
            arguments.get("device") or "player", ("media_player",), "media player", "control"
        )
        return Shown(f"{shown.text}: {arguments.get('action', '')}", shown.pinned)

    # -- tools --------------------------------------------------------------------------------
    @tool(Effect.WRITE, untrusted_output=True, preview="preview_on")
    def home_turn_on(self, device: str) -> ToolResult:
        """Turn on (switch on, start) a light, lamp, switch, plug, fan, TV, the vacuum or a scene in Home Assistant.

        Args:
            device: the device by name, room or kind, e.g. "kitchen lights", "coffee machine", "vacuum"
        """

        def service(entity: Entity) -> Service:
            _not_an_opener(entity, "open")
            _no_member_opens(entity, self._attributes, _OPENERS)
            _not_a_way_in(entity, self._attributes)
            if entity.domain == "vacuum":
                return ("vacuum", "start", {})
            return (entity.domain, "turn_on", {})

        def wanted(entity: Entity) -> tuple[str, ...]:
            if entity.domain == "vacuum":
                return ("cleaning",)
            if entity.domain in ("scene", "media_player", "climate"):
                return ()
            return ("on",)

        return self._act(device, TURN_ON, "device to turn on", service, wanted, "turn on")

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_off")
    def home_turn_off(self, device: str) -> ToolResult:
        """Turn off (switch off, stop) a light, lamp, switch, plug, fan, TV or heating in Home Assistant; sends the vacuum home.

        Args:
            device: the device by name, room or kind, e.g. "kitchen lights", "living room"
        """

        def service(entity: Entity) -> Service:
            _not_a_guard(entity)
            _no_member_opens(entity, self._attributes, _OPENERS | _GUARDS)
            if entity.domain == "vacuum":
                return ("vacuum", "return_to_base", {})
            return (entity.domain, "turn_off", {})

        def wanted(entity: Entity) -> tuple[str, ...]:
            if entity.domain == "vacuum":
                return ("returning", "docked", "idle")
            return ("off", "idle", "standby") if entity.domain == "media_player" else ("off",)

        return self._act(device, ON_OFF, "device to turn off", service, wanted, "turn off")

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_light")
    def home_light_set(
        self,
        device: str = "lights",
        brightness: int | None = None,
        change: int | None = None,
        colour: str | None = None,
    ) -> ToolResult:
        """Set lights: dim or brighten a light or lamp, set its brightness or colour (Home Assistant).

        Args:
            device: the light by name or room, e.g. "living room", "bed light"
            brightness: brightness in percent, 0 to 100
            change: change of brightness in percent, negative to dim (e.g. -30), positive to brighten
            colour: a colour name, e.g. "blue", "warm white"
        """
        data: dict[str, Any] = {}
        if brightness is not None:
            if not 0 <= brightness <= 100:
                raise ToolArgumentError("brightness is a percentage from 0 to 100")
            data["brightness_pct"] = brightness
        if change is not None:
            if not -100 <= change <= 100:
                raise ToolArgumentError("change is a percentage from -100 to 100")
            data["brightness_step_pct"] = change
        if colour:
            data["rgb_color"] = list(rgb(colour))
        if not data:
            raise ToolArgumentError("say a brightness, a change or a colour for the lights")
        off = brightness == 0 or (brightness is None and change == -100)
        only_dimming = set(data) == {"brightness_step_pct"} and data["brightness_step_pct"] < 0

        def service(entity: Entity) -> Service:
            if only_dimming and entity.state == "off":
                return ("light", "turn_off", {})  # dimming a light that is off leaves it off
            return ("light", "turn_on", data)

        return self._act(
            device,
            ("light",),
            "light",
            service,
            lambda entity: (
                () if change is not None and change < 0 else (("off",) if off else ("on",))
            ),
            "set the light",
        )

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_climate")
    def home_climate_set(
        self,
        temperature: float | None = None,
        device: str = "thermostat",
        change: float | None = None,
    ) -> ToolResult:
        """Set the thermostat, heating or air conditioning to a temperature, or turn it up or down (Home Assistant climate).

        Args:
            temperature: the target temperature in degrees, in the unit Home Assistant uses
            device: the thermostat by name or room, e.g. "living room", "car"
            change: degrees up (positive) or down (negative) from the current target, e.g. 1 or -2
        """
        _climate_asked(temperature, change)
        return self._act(
            device,
            ("climate",),
            "thermostat",
            lambda entity: (
                "climate",
                "set_temperature",
                {"temperature": _target(entity, temperature, change)},
            ),
            lambda entity: (),
            "set the temperature",
        )

    @tool(Effect.ACCESS, untrusted_output=True, preview="preview_open")
    def home_open(self, device: str) -> ToolResult:
        """Open a cover: a garage door, gate, blinds, shades or curtains (Home Assistant). Asks first.

        Args:
            device: the cover by name or room, e.g. "garage door", "bedroom blinds"
        """

        def service(entity: Entity) -> Service:
            if entity.domain == "switch":
                if not entity.own_words & _OPENERS:
                    raise HomeAssistantError(f"{entity.shown()} is a switch: turn it on instead")
                return ("switch", "turn_on", {})
            return ("cover", "open_cover", {})

        def wanted(entity: Entity) -> tuple[str, ...]:
            return ("on",) if entity.domain == "switch" else ("open", "opening")

        return self._act(device, (*COVERS, "switch"), "cover or door", service, wanted, "open")

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_close")
    def home_close(self, device: str) -> ToolResult:
        """Close a cover: the garage door, a gate, blinds, shades or curtains (Home Assistant).

        Args:
            device: the cover by name or room, e.g. "garage door", "living room blinds"
        """
        return self._act(
            device,
            COVERS,
            "cover",
            lambda entity: ("cover", "close_cover", {}),
            lambda entity: ("closed", "closing"),
            "close",
        )

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_lock")
    def home_lock(self, device: str) -> ToolResult:
        """Lock a door or the car, or arm the alarm (Home Assistant locks and alarm panels).

        Args:
            device: the lock by name, e.g. "front door", "car"; or "alarm"
        """

        def service(entity: Entity) -> Service:
            if entity.domain == "alarm_control_panel":
                return ("alarm_control_panel", "alarm_arm_away", {})
            return ("lock", "lock", {})

        def wanted(entity: Entity) -> tuple[str, ...]:
            if entity.domain == "alarm_control_panel":
                return ("armed_away", "arming", "pending")
            return ("locked", "locking")

        return self._act(device, LOCKS, "lock or alarm", service, wanted, "lock")

    @tool(Effect.ACCESS, untrusted_output=True, preview="preview_unlock")
    def home_unlock(self, device: str) -> ToolResult:
        """Unlock a door or the car, or disarm the alarm (Home Assistant). Asks first.

        Args:
            device: the lock by name, e.g. "front door", "car"; or "alarm"
        """

        def service(entity: Entity) -> Service:
            if entity.domain == "alarm_control_panel":
                return ("alarm_control_panel", "alarm_disarm", {})
            return ("lock", "unlock", {})

        def wanted(entity: Entity) -> tuple[str, ...]:
            if entity.domain == "alarm_control_panel":
                return ("disarmed",)
            return ("unlocked", "unlocking", "open", "opening")

        return self._act(device, LOCKS, "lock or alarm", service, wanted, "unlock")

    @tool(Effect.WRITE, untrusted_output=True, preview="preview_media")
    def home_media_control(
        self, action: str, device: str = "player", volume: int | None = None
    ) -> ToolResult:
        """Control a TV or speaker: play, pause, stop, next, previous, volume (Home Assistant media player).

        Args:
            action: one of play, pause, stop, next, previous, volume_up, volume_down, volume
            device: the player by name or room, e.g. "living room tv"
            volume: for action volume, the volume in percent, 0 to 100
        """
        services = {
            "play": "media_play",
            "pause": "media_pause",
            "stop": "media_stop",
            "next": "media_next_track",
            "previous": "media_previous_track",
            "volume_up": "volume_up",
            "volume_down": "volume_down",
            "volume": "volume_set",
        }
        if action not in services:
            raise ToolArgumentError(f"action must be one of {', '.join(services)}")
        data: dict[str, Any] = {}
        if action == "volume":
            if volume is None or not 0 <= volume <= 100:
                raise ToolArgumentError("say the volume in percent, 0 to 100")
            data["volume_level"] = volume / 100
        wanted: tuple[str, ...] = {"play": ("playing",), "pause": ("paused",)}.get(action, ())
        return self._act(
            device,
            ("media_player",),
            "media player",
            lambda entity: ("media_player", services[action], data),
            lambda entity: wanted,
            action.replace("_", " "),
        )

    @tool(Effect.READ, untrusted_output=True)
    def home_status(self, device: str) -> ToolResult:
        """Check a device's state in Home Assistant: is the light on, is the door locked, the car's battery or fuel, the temperature.

        Args:
            device: the device or sensor by name or room, e.g. "front door", "car battery"
        """
        domains = tuple({e.domain for e in self.directory.entities()})
        found = self.directory.find(device, domains, "device")
        lines = [f"{e.shown()}: {describe(self.directory.ha.state(e.entity_id))}." for e in found]
        data = [{"entity_id": e.entity_id, "name": e.name, "state": e.state} for e in found]
        return ToolResult("\n".join(lines), {"entities": data})

    @tool(Effect.READ, untrusted_output=True)
    def home_devices(self, area: str = "") -> ToolResult:
        """List the smart home devices (lights, switches, thermostats, locks) botpsy may use, in a room or all.

        Args:
            area: a room or area, e.g. "kitchen"; empty for every device
        """
        entities = self.directory.entities()
        if area:
            wanted = area.casefold().strip()
            entities = [e for e in entities if e.area.casefold() == wanted]
            if not entities:
                raise HomeAssistantError(f"no exposed device is in an area called '{area}'")
        if not entities:
            return ToolResult("No Home Assistant device is exposed to botpsy.", {"entities": []})
        lines = [
            f"{e.shown()}{f' in {e.area}' if e.area else ''}: {describe(e.__dict__)}"
            for e in sorted(entities, key=lambda e: (e.domain, e.name.casefold()))
        ]
        data = [{"entity_id": e.entity_id, "name": e.name, "area": e.area} for e in entities]
        return ToolResult("\n".join(lines), {"entities": data})


def _not_a_way_in(entity: Entity, attributes: Callable[[], dict[str, dict[str, Any]]]) -> None:
    """A scene that sets a lock, a cover, an alarm or a door or guard switch may let someone in.

    Starting a scene is a write, which runs without asking when you ask for it; unlocking,
    opening and disarming ask first, so such a scene is left to Home Assistant. A member
    switch is judged by its friendly name as well as its id (`attributes`: id -> attributes,
    read only for a scene with switches or groups), as `_not_an_opener` and `_not_a_guard`
    judge it alone: "switch.relay_2" named "Garage door" opens the garage, "Security cameras"
    set to off in a bedtime scene disarms them. A group in the scene passes its state on to
    its members, so they are judged too ("group.doors" set to unlocked unlocks each door), as
    does a switch group ("switch.outdoor" listing the gate's relay).
    """
    listed = _members(entity.attributes) if entity.domain == "scene" else []
    known = attributes() if any(m.startswith(("switch.", "group.")) for m in listed) else {}
    ways_in = [
        member
        for member, domain, own in _reached(listed, known)
        if domain in (*LOCKS, *COVERS) or (domain == "switch" and own & (_OPENERS | _GUARDS))
    ]
    if ways_in:
        raise HomeAssistantError(
            f"{entity.shown()} sets {', '.join(ways_in[:3])}, which may let someone in; botpsy"
            " does not start such a scene (unlocking, opening and disarming ask you first):"
            " start it in Home Assistant"
        )


def _members(attributes: dict[str, Any]) -> list[str]:
    """The entity ids a scene or group lists (one written alone is one, not its letters; one
    string may list several, "light.hall, lock.front_door", as Home Assistant's services take)."""
    members = attributes.get("entity_id")
    if isinstance(members, str):
        members = members.split(",")
    listed = [str(m) for m in members] if isinstance(members, list | tuple | dict) else []
    return [m.strip().lower() for m in listed if m.strip()]


def _reached(
    listed: list[str], known: dict[str, dict[str, Any]]
) -> Iterator[tuple[str, str, set[str]]]:
    """Each entity that setting `listed` sets, with its domain and own words (its id's and its
    friendly name's): a group's members, and those of a switch, light or cover group (a
    "switch.outdoor" listing "switch.relay_2"), followed, each once (a group may hold a group)."""
    queue, seen = list(listed), set(listed)
    while queue:
        member = queue.pop(0)
        domain, _, object_id = member.partition(".")
        inner = [m for m in _members(known.get(member, {})) if m not in seen]
        seen.update(inner)
        queue.extend(inner)
        if domain == "group":
            continue
        name = str(known.get(member, {}).get("friendly_name") or "")
        yield member, domain, set(words(object_id.replace("_", " "))) | set(words(name))


def _no_member_opens(
    entity: Entity, attributes: Callable[[], dict[str, dict[str, Any]]], guards: frozenset[str]
) -> None:
    """A switch group passes an on or off on to its members: one holding a door switch (or,
    turned off, a guard's) opens or disarms as that switch would, which is refused alone."""
    listed = _members(entity.attributes) if entity.domain == "switch" else []
    if not listed:
        return
    reached = [
        member
        for member, domain, own in _reached(listed, attributes())
        if domain in (*LOCKS, *COVERS) or (domain == "switch" and own & guards)
    ]
    if reached:
        raise HomeAssistantError(
            f"{entity.shown()} switches {', '.join(reached[:3])} with it, which may open a way in;"
            " botpsy does not switch it (do it in Home Assistant)"
        )


def _not_a_guard(entity: Entity) -> None:
    """A switch named for an alarm, a camera or a door guards a way in: off disarms or opens it.

    Turning off is a write, which runs without asking even after a mail gave the orders;
    disarming and opening are access, which asks, so such a switch is left to Home Assistant.
    """
    if entity.domain == "switch" and entity.own_words & (_OPENERS | _GUARDS):
        raise HomeAssistantError(
            f"{entity.shown()} may disarm an alarm or open a way in; botpsy does not turn it"
            " off (turn it off in Home Assistant)"
        )


def _not_an_opener(entity: Entity, verb: str) -> None:
    """A switch named for a garage, gate, door or lock opens it: that must go through home_open."""
    if entity.domain == "switch" and entity.own_words & _OPENERS:
        raise HomeAssistantError(
            f"{entity.shown()} may {verb} a door; ask botpsy to {verb} it, which asks you first"
        )


def _kept(attributes: dict[str, Any]) -> dict[str, Any]:
    """The attributes worth reporting in --json (no pictures, no long lists)."""
    keys = (
        "brightness",
        "rgb_color",
        "temperature",
        "current_temperature",
        "hvac_action",
        "current_position",
        "volume_level",
        "battery_level",
        "unit_of_measurement",
    )
    return {k: attributes[k] for k in keys if k in attributes}


# A thermostat turned up or down moves by a few degrees; more is a mistake or a planted order.
_MOST_CHANGE = 10


def _climate_asked(temperature: float | None, change: float | None) -> None:
    """A thermostat is set to a temperature or changed by some degrees: one of the two, sane."""
    if (temperature is None) == (change is None):
        raise ToolArgumentError(
            "say a temperature (e.g. 21) or a change (e.g. 1 or -2), one of them"
        )
    if temperature is not None and not -30 <= temperature <= 100:
        raise ToolArgumentError(f"{temperature:g}° is not a temperature a thermostat takes")
    if change is not None and not (0 < abs(change) <= _MOST_CHANGE):
        raise ToolArgumentError(
            f"a change of {change:g}° is not one to make at once (at most {_MOST_CHANGE})"
        )


def _target(entity: Entity, temperature: float | None, change: float | None) -> float:
    """The temperature to set: as said, or the entity's target now moved by the change, kept
    within the entity's own limits."""
    if temperature is not None:
        return temperature
    now = entity.attributes.get("temperature")
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise ToolArgumentError(
            f"{quoted(entity.name, 80)} reports no target temperature to change; say one, e.g. 21"
        )
    wanted = round(float(now) + float(change or 0), 1)
    low, high = entity.attributes.get("min_temp"), entity.attributes.get("max_temp")
    if isinstance(low, int | float):
        wanted = max(wanted, float(low))
    if isinstance(high, int | float):
        wanted = min(wanted, float(high))
    return wanted
