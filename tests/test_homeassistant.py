"""Home Assistant: the account, the tools, trust and a request through the CLI, against real HA.

Home Assistant core itself runs here (from `.ci/ha-venv`, which `.ci/run` creates, or the
`hass` named by BOTPSY_TEST_HASS) with its `demo` integration on 127.0.0.1, started once per
session: the owner user comes from the onboarding REST endpoints, the long-lived token from
the websocket command `auth/long_lived_access_token`, areas and labels from the registry
commands, so nothing here fakes Home Assistant. Without it the tests skip; under CI=true
they fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from botpsy_homeassistant.client import (
    EntityNotFound,
    HomeAssistant,
    HomeAssistantAuthFailed,
    HomeAssistantError,
    HomeAssistantUnreachable,
)
from botpsy_homeassistant.entities import Directory
from botpsy_homeassistant.tools import HomeTools

from assistant.accounts import Account, AccountBook
from assistant.choices import pick_one as pick_option
from assistant.errors import AskUser, ToolArgumentError
from assistant.scope import decline
from assistant.tools import Effect, ToolRegistry
from tests.conftest import require_program
from tests.servers import free_port, start_keyring

ROOT = Path(__file__).resolve().parents[1]
CLIENT = "http://127.0.0.1/"
EXPOSE = [
    "light.*",
    "switch.*",
    "climate.*",
    "cover.*",
    "lock.*",
    "vacuum.0_ground_floor",
    "scene.*",
    "sensor.car_*",
    "alarm_control_panel.*",
    "media_player.living_room",
]
# botpsy's own aliases; the demo's locks have no registry entry, so no HA label can name them.
ALIASES = {"coffee machine": ["switch.decorative_lights"], "car": ["lock.openable_lock"]}

CONFIGURATION = """\
homeassistant:
  name: botpsy test home
  latitude: 52.52
  longitude: 13.40
  elevation: 0
  unit_system: metric
  time_zone: Europe/Berlin
http:
  server_host: 127.0.0.1
  server_port: {port}
api:
demo:
scene:
  - name: Movie Night
    entities:
      light.bed_light:
        state: "on"
        brightness: 40
template:
  - sensor:
      - name: Car Battery
        unique_id: botpsy_test_car_battery
        unit_of_measurement: "%"
        device_class: battery
        state: "81"
      - name: Car Fuel Level
        unique_id: botpsy_test_car_fuel
        unit_of_measurement: "%"
        state: "42"
"""

# Websocket commands run with the python beside `hass` (aiohttp comes with Home Assistant).
WEBSOCKET = """
import asyncio, json, sys
import aiohttp

async def main(url, token, commands):
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url + "/api/websocket") as ws:
            await ws.receive_json()
            await ws.send_json({"type": "auth", "access_token": token})
            assert (await ws.receive_json())["type"] == "auth_ok"
            results = []
            for number, command in enumerate(commands, 1):
                await ws.send_json({"id": number, **command})
                answer = await ws.receive_json()
                if not answer.get("success"):
                    raise SystemExit(f"{command['type']}: {answer.get('error')}")
                results.append(answer.get("result"))
            print(json.dumps(results))

asyncio.run(main(sys.argv[1], sys.argv[2], json.load(sys.stdin)))
"""


def hass_program() -> Path | None:
    """`hass` from BOTPSY_TEST_HASS (the program or its venv), else .ci/ha-venv."""
    named = os.environ.get("BOTPSY_TEST_HASS")
    place = Path(named) if named else ROOT / ".ci/ha-venv"
    program = place / "bin/hass" if place.is_dir() else place
    return program if program.is_file() else None


@dataclass
class Hass:
    """A running Home Assistant: its URL, a long-lived token and its python (for websocket calls)."""

    url: str
    token: str
    python: Path
    log: Path

    def client(self, token: str | None = None) -> HomeAssistant:
        return HomeAssistant(self.url, token or self.token)

    def state(self, entity_id: str) -> dict[str, Any]:
        return self.client().state(entity_id)

    def call(self, domain: str, service: str, **data: Any) -> None:
        self.client().call(domain, service, data)

    def websocket(self, commands: list[dict[str, Any]], token: str | None = None) -> list[Any]:
        done = subprocess.run(
            [str(self.python), "-c", WEBSOCKET, self.url, token or self.token],
            input=json.dumps(commands),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return list(json.loads(done.stdout))


def _post(url: str, data: dict[str, str], as_json: bool) -> dict[str, Any]:
    body = json.dumps(data).encode() if as_json else urllib.parse.urlencode(data).encode()
    kind = "application/json" if as_json else "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, body, {"Content-Type": kind}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"hass exited: {log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(url + "/api/onboarding", timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    raise RuntimeError(
        f"hass did not answer within 240 s: {log.read_text(errors='replace')[-3000:]}"
    )


def _wait_for_entities(hass: Hass, wanted: list[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        present = {s["entity_id"] for s in hass.client().states()}
        if set(wanted) <= present:
            return
        time.sleep(0.5)
    raise RuntimeError(f"the demo entities never appeared: {sorted(set(wanted) - present)}")


@pytest.fixture(scope="session")
def hass(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hass]:
    """Home Assistant core with the demo integration, an owner and a long-lived token."""
    program = hass_program()
    if program is None:
        message = (
            "needs Home Assistant core in .ci/ha-venv or BOTPSY_TEST_HASS (.ci/run installs it)"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("hass-config")
    port = free_port()
    (folder / "configuration.yaml").write_text(CONFIGURATION.format(port=port), "utf-8")
    log = folder / "hass.log"
    url = f"http://127.0.0.1:{port}"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(program), "-c", str(folder), "--skip-pip"],
            stdout=output,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    try:
        _wait_until_up(url, process, log)
        owner = {"name": "Owner", "username": "owner", "password": "owner-password-1"}
        code = _post(
            url + "/api/onboarding/users", {**owner, "client_id": CLIENT, "language": "en"}, True
        )["auth_code"]
        access = _post(
            url + "/auth/token",
            {"grant_type": "authorization_code", "code": code, "client_id": CLIENT},
            False,
        )["access_token"]
        started = Hass(url, access, program.parent / "python", log)
        (token,) = started.websocket(
            [
                {
                    "type": "auth/long_lived_access_token",
                    "client_name": "botpsy tests",
                    "lifespan": 30,
                }
            ]
        )
        started.token = str(token)
        _wait_for_entities(
            started,
            ["light.kitchen_lights", "lock.front_door", "sensor.car_battery", "scene.movie_night"],
        )
        _arrange_the_house(started)
        yield started
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def _arrange_the_house(hass: Hass) -> None:
    """Rooms, a label for the car's climate and a name, as a user sets them up in HA's registry."""
    (areas,) = hass.websocket([{"type": "config/area_registry/list"}])
    known = {area["name"]: area for area in areas}  # the demo brings some rooms of its own
    for name in ("Living Room", "Kitchen"):
        if name not in known:
            (known[name],) = hass.websocket([{"type": "config/area_registry/create", "name": name}])
    living, kitchen = known["Living Room"], known["Kitchen"]
    (car,) = hass.websocket([{"type": "config/label_registry/create", "name": "Car"}])
    update = "config/entity_registry/update"
    hass.websocket(
        [
            {
                "type": update,
                "entity_id": "light.living_room_rgbww_lights",
                "area_id": living["area_id"],
            },
            {"type": update, "entity_id": "light.ceiling_lights", "area_id": living["area_id"]},
            {"type": update, "entity_id": "light.kitchen_lights", "area_id": kitchen["area_id"]},
            {"type": update, "entity_id": "climate.heatpump", "name": "Thermostat"},
            {"type": update, "entity_id": "climate.hvac", "labels": [car["label_id"]]},
        ]
    )
    deadline = time.monotonic() + 30  # the renamed states follow the registry at once, or nearly
    while hass.state("climate.heatpump")["attributes"].get("friendly_name") != "Thermostat":
        assert time.monotonic() < deadline, "the registry update never reached the state"
        time.sleep(0.2)


@pytest.fixture
def tools(hass: Hass) -> HomeTools:
    """The toolbox over the test house, as the plugin builds it from a config."""
    return HomeTools(Directory(hass.client(), EXPOSE, ALIASES), settle=4.0)


def wait_state(hass: Hass, entity_id: str, state: str) -> None:
    deadline = time.monotonic() + 10
    while hass.state(entity_id)["state"] != state:
        assert time.monotonic() < deadline, f"{entity_id} never became {state}"
        time.sleep(0.2)


# -- the tools against real Home Assistant --------------------------------------------------------
def test_turning_the_kitchen_lights_off_and_on_reports_what_ha_says(
    hass: Hass, tools: HomeTools
) -> None:
    hass.call("light", "turn_on", entity_id="light.kitchen_lights")
    result = tools.home_turn_off("kitchen lights")
    assert hass.state("light.kitchen_lights")["state"] == "off"
    assert hass.state("light.living_room_rgbww_lights")["state"] == "on", "only the kitchen's"
    assert result.summary == "Kitchen Lights (light.kitchen_lights): off."
    assert result.data["entities"][0]["state"] == "off"

    result = tools.home_turn_on("Kitchen Lights")  # as typed, and as speech arrives
    assert hass.state("light.kitchen_lights")["state"] == "on"
    assert result.summary.startswith("Kitchen Lights (light.kitchen_lights): on, ")


def test_a_room_means_every_light_in_it_and_colour_and_dimming_are_read_back(
    hass: Hass, tools: HomeTools
) -> None:
    for light in ("light.living_room_rgbww_lights", "light.ceiling_lights"):
        hass.call("light", "turn_on", entity_id=light, brightness_pct=100)
    blue = tools.home_light_set("living room", colour="blue")
    assert {e["entity_id"] for e in blue.data["entities"]} == {
        "light.living_room_rgbww_lights",
        "light.ceiling_lights",
    }
    for entity in blue.data["entities"]:
        assert hass.state(entity["entity_id"])["attributes"]["rgb_color"] == [0, 0, 255]
        assert entity["attributes"]["rgb_color"] == [0, 0, 255]
    assert "colour rgb(0, 0, 255)" in blue.summary

    dimmed = tools.home_light_set("living room", change=-30)
    for entity in dimmed.data["entities"]:
        brightness = hass.state(entity["entity_id"])["attributes"]["brightness"]
        assert 170 <= brightness <= 185, brightness  # 70% of 255, as HA rounds it
    assert "70% brightness" in dimmed.summary

    with pytest.raises(ToolArgumentError, match="unknown colour 'plaid'"):
        tools.home_light_set("living room", colour="plaid")


def test_thermostat_alias_vacuum_scene_and_the_car(hass: Hass, tools: HomeTools) -> None:
    warmed = tools.home_climate_set(21, "thermostat")
    assert hass.state("climate.heatpump")["attributes"]["temperature"] == 21
    assert "set to 21" in warmed.summary
    shown = tools.preview_climate({"device": "thermostat", "change": -1.5})
    assert "to 19.5° (-1.5° from now)" in shown.text  # the target read from HA, moved
    tools.home_climate_set(device="thermostat", change=-1.5)  # "turn the heating down"
    assert hass.state("climate.heatpump")["attributes"]["temperature"] == 19.5
    with pytest.raises(ToolArgumentError, match="one of them"):
        tools.home_climate_set(21, "thermostat", change=1)
    with pytest.raises(ToolArgumentError, match="not one to make at once"):
        tools.home_climate_set(device="thermostat", change=15)
    assert hass.state("climate.heatpump")["attributes"]["temperature"] == 19.5

    hass.call("switch", "turn_off", entity_id="switch.decorative_lights")
    coffee = tools.home_turn_on("coffee machine")  # a botpsy alias for a plug
    assert hass.state("switch.decorative_lights")["state"] == "on"
    assert coffee.summary.startswith("Decorative Lights (switch.decorative_lights): on")

    cleaning = tools.home_turn_on("vacuum")
    assert hass.state("vacuum.0_ground_floor")["state"] == "cleaning"
    assert "cleaning" in cleaning.summary
    tools.home_turn_off("vacuum")
    assert hass.state("vacuum.0_ground_floor")["state"] in ("returning", "docked")

    hass.call("light", "turn_off", entity_id="light.bed_light")
    tools.home_turn_on("movie night scene")
    wait_state(hass, "light.bed_light", "on")

    hass.call("lock", "unlock", entity_id="lock.openable_lock")
    locked = tools.home_lock("car")  # a botpsy alias names the car's lock
    assert hass.state("lock.openable_lock")["state"] == "locked"
    assert locked.summary == "Openable Lock (lock.openable_lock): locked."
    assert tools.home_status("car battery").summary == "Car Battery (sensor.car_battery): 81 %."
    assert "42 %" in tools.home_status("car fuel").summary
    tools.home_climate_set(22, "car")  # an HA label ("Car") names the car's climate
    assert hass.state("climate.hvac")["attributes"]["temperature"] == 22


def test_a_jammed_lock_is_reported_as_jammed_not_as_locked(hass: Hass, tools: HomeTools) -> None:
    result = tools.home_lock("poorly installed door")
    assert hass.state("lock.poorly_installed_door")["state"] == "jammed"
    assert result.summary.startswith("Poorly Installed Door (lock.poorly_installed_door): jammed")
    assert "Home Assistant still reports this" in result.summary


def test_unknown_ambiguous_and_unexposed_devices_change_nothing(
    hass: Hass, tools: HomeTools
) -> None:
    before = {s["entity_id"]: s["state"] for s in hass.client().states()}
    with pytest.raises(HomeAssistantError, match="no device to turn on called 'garden gnome'"):
        tools.home_turn_on("garden gnome")
    with pytest.raises(AskUser) as asked:
        tools.home_unlock("door")
    assert asked.value.argument == "device"
    assert "lock.front_door" in asked.value.options and "lock.kitchen_door" in asked.value.options
    # The answer may name the one meant by its own words, not only by its number.
    picked = pick_option("the kitchen one", asked.value.options, asked.value.labels)
    assert picked == "lock.kitchen_door"
    assert pick_option("the door", asked.value.options, asked.value.labels) is None
    # The fan and the other vacuums are in HA but not exposed: not even their ids reach them.
    with pytest.raises(HomeAssistantError, match="no device to turn on called"):
        tools.home_turn_on("fan.ceiling_fan")
    with pytest.raises(HomeAssistantError, match="no device to turn on called 'ceiling fan'"):
        tools.home_turn_on("ceiling fan")
    # A lock cannot be "turned on" around the question that unlocking asks.
    with pytest.raises(HomeAssistantError, match="no device to turn on called 'front door'"):
        tools.home_turn_on("front door")
    after = {s["entity_id"]: s["state"] for s in hass.client().states()}
    changed = {k for k in before if before[k] != after.get(k) and not k.startswith("sensor.")}
    assert changed <= {"media_player.walkman", "media_player.bedroom"}, changed  # demo players tick


def test_ha_down_and_a_wrong_token_are_one_line(hass: Hass) -> None:
    down = HomeAssistant(f"http://127.0.0.1:{free_port()}", hass.token)
    with pytest.raises(HomeAssistantUnreachable, match="cannot reach Home Assistant at http://127"):
        HomeTools(Directory(down)).home_turn_off("kitchen lights")
    wrong = HomeTools(Directory(hass.client("not-a-token")))
    with pytest.raises(HomeAssistantAuthFailed, match=r"refused the token \(HTTP 401\)") as refused:
        wrong.home_turn_off("kitchen lights")
    assert "\n" not in str(refused.value) and "not-a-token" not in str(refused.value)
    with pytest.raises(EntityNotFound, match=r"no entity 'light\.nowhere'"):
        hass.client().state("light.nowhere")


def test_effects_and_untrusted_output(tools: HomeTools) -> None:
    registry = ToolRegistry()
    registry.register_callback("homeassistant")(tools)
    effects = {tool.name: tool.effect for tool in registry}
    assert effects["home_unlock"] is Effect.ACCESS and effects["home_open"] is Effect.ACCESS
    assert effects["home_turn_on"] is Effect.WRITE and effects["home_lock"] is Effect.WRITE
    assert effects["home_status"] is Effect.READ
    assert all(tool.untrusted_output for tool in registry), "names come from devices, too"


def test_previews_pin_the_entities_they_show(hass: Hass, tools: HomeTools) -> None:
    shown = tools.preview_unlock({"device": "front door"})
    assert shown.pinned == {"device": "lock.front_door"}
    assert shown.text.startswith('unlock "Front Door" (lock.front_door), now ')


# -- account and the whole pipeline -------------------------------------------------------------
def _write_config(home: Path) -> Path:
    folder = home / ".config/botpsy"
    folder.mkdir(parents=True, exist_ok=True)
    exposed = ", ".join(json.dumps(e) for e in EXPOSE)
    (folder / "config.toml").write_text(
        f"[plugins.homeassistant]\nexpose = [{exposed}]\n\n[plugins.homeassistant.aliases]\n"
        '"coffee machine" = ["switch.decorative_lights"]\ncar = ["lock.openable_lock"]\n',
        "utf-8",
    )
    return folder


def _with_account(home: Path, hass: Hass) -> dict[str, str]:
    folder = _write_config(home)
    AccountBook(folder / "accounts.json").save(
        Account("homeassistant", "homeassistant", {"url": hass.url})
    )
    return {"BOTPSY_PASSWORD_HOMEASSISTANT": hass.token}


def test_turn_off_the_kitchen_lights_through_the_cli(hass: Hass, cli: Any, home: Path) -> None:
    env = _with_account(home, hass)
    hass.call("light", "turn_on", entity_id="light.kitchen_lights")
    done = cli("turn off the kitchen lights", "--yes", "--json", env=env)
    assert done.status == 0, done.stderr
    transcript = json.loads(done.stdout)
    (call,) = transcript["tool_calls"]
    assert call["tool"] == "home_turn_off" and call["outcome"] == "ok"
    assert call["effect"] == "write" and call["pinned"] == {"device": "light.kitchen_lights"}
    assert transcript["path"] == "intent" and transcript["intent"] == "homeassistant.on_off"
    assert hass.state("light.kitchen_lights")["state"] == "off"
    assert "Kitchen Lights (light.kitchen_lights): off." in transcript["reply"]
    assert "home_turn_off" in (transcript.get("taint") or ""), "device names are others' text too"


def test_unlocking_and_opening_ask_first(hass: Hass, cli: Any, home: Path) -> None:
    env = _with_account(home, hass)
    hass.call("lock", "lock", entity_id="lock.front_door")
    wait_state(hass, "lock.front_door", "locked")
    refused = cli("unlock the front door", env=env)
    assert refused.status == 3, refused.stdout + refused.stderr
    assert 'unlock "Front Door" (lock.front_door)' in refused.stdout
    hass.call("cover", "close_cover", entity_id="cover.garage_door")
    wait_state(hass, "cover.garage_door", "closed")
    closed = cli("open the garage door", env=env)
    assert closed.status == 3
    time.sleep(1)
    assert hass.state("lock.front_door")["state"] == "locked", "no terminal: nothing unlocked"
    assert hass.state("cover.garage_door")["state"] == "closed"

    lights = cli("turn on the bed light", env=env)  # not sensitive: runs without asking
    assert lights.status == 0, lights.stderr
    assert hass.state("light.bed_light")["state"] == "on"

    unlocked = cli("--yes", "unlock the front door", env=env)
    assert unlocked.status == 0, unlocked.stderr
    assert hass.state("lock.front_door")["state"] == "unlocked"
    assert "Front Door (lock.front_door): unlocked." in unlocked.stdout


def test_unknown_device_through_the_cli_is_one_line_and_changes_nothing(
    hass: Hass, cli: Any, home: Path
) -> None:
    env = _with_account(home, hass)
    done = cli("turn off the garden gnome", "--yes", "--json", env=env)
    assert done.status == 1, done.stderr
    (call,) = json.loads(done.stdout)["tool_calls"]
    assert call["outcome"] == "error" and "answered by the model" not in done.stderr
    assert "no device to turn off called 'garden gnome'" in done.stdout + done.stderr


@pytest.fixture
def keyring_env(home: Path) -> Iterator[dict[str, str]]:
    """A real Secret Service (gnome-keyring on its own session bus) for subprocesses."""
    require_program("dbus-daemon", "dbus")
    require_program("gnome-keyring-daemon", "gnome-keyring")
    keyring = start_keyring(home)
    yield keyring.env
    keyring.stop()


def test_account_add_checks_the_token_and_keeps_it_in_the_keyring(
    hass: Hass, cli: Any, home: Path, keyring_env: dict[str, str]
) -> None:
    folder = _write_config(home)
    added = cli(
        "account", "add", "homeassistant", "--url", hass.url + "/", "--token-stdin",
        env=keyring_env, stdin=hass.token + "\n",
    )  # fmt: skip
    assert added.status == 0, added.stderr
    assert "Added homeassistant account 'homeassistant'; the password is in the OS keyring." in (
        added.stdout
    )
    stored = (folder / "accounts.json").read_text("utf-8")
    assert hass.token not in stored and json.loads(stored)["accounts"][0]["settings"] == {
        "url": hass.url
    }
    hass.call("light", "turn_on", entity_id="light.kitchen_lights")
    done = cli("turn off the kitchen lights", env=keyring_env)  # the token comes from the keyring
    assert done.status == 0, done.stderr
    assert hass.state("light.kitchen_lights")["state"] == "off"


def test_account_add_with_a_wrong_token_or_ha_down_saves_nothing(
    hass: Hass, cli: Any, home: Path
) -> None:
    folder = _write_config(home)
    wrong = cli(
        "account", "add", "homeassistant", "--url", hass.url, "--token-stdin",
        stdin="wrong-token\n",
    )  # fmt: skip
    assert wrong.status == 1
    (line,) = wrong.stderr.strip().splitlines()
    assert line.startswith("botpsy: Home Assistant at") and "refused the token" in line
    down = cli(
        "account", "add", "homeassistant", "--url", f"http://127.0.0.1:{free_port()}",
        "--token-stdin", stdin=hass.token + "\n",
    )  # fmt: skip
    assert down.status == 1
    assert down.stderr.strip().splitlines() == [
        next(x for x in down.stderr.splitlines() if "cannot reach Home Assistant" in x)
    ]
    assert not (folder / "accounts.json").exists()


def test_without_an_account_home_requests_say_how_to_set_it_up(tools: HomeTools) -> None:
    request = "turn off the kitchen lights"
    declined = decline(request, [])
    assert declined is not None and "botpsy account add homeassistant" in declined
    registry = ToolRegistry()
    registry.register_callback("homeassistant")(tools)
    assert decline(request, [tool.definition() for tool in registry]) is None


def test_dry_run_and_ha_down_through_the_cli_change_nothing(
    hass: Hass, cli: Any, home: Path
) -> None:
    env = _with_account(home, hass)
    hass.call("light", "turn_on", entity_id="light.kitchen_lights")
    shown = cli("--dry-run", "turn off the kitchen lights", env=env)
    assert shown.status == 0, shown.stderr
    assert 'turn off "Kitchen Lights" (light.kitchen_lights), now on' in shown.stdout
    assert hass.state("light.kitchen_lights")["state"] == "on"

    AccountBook(home / ".config/botpsy/accounts.json").save(
        Account("homeassistant", "homeassistant", {"url": f"http://127.0.0.1:{free_port()}"})
    )
    down = cli("turn off the kitchen lights", "--yes", env=env)
    assert down.status == 1
    assert "cannot reach Home Assistant at http://127.0.0.1:" in down.stdout + down.stderr
    assert hass.state("light.kitchen_lights")["state"] == "on"


def test_ha_refusing_a_call_says_why_and_dimming_leaves_off_lights_off(
    hass: Hass, tools: HomeTools
) -> None:
    before = hass.state("climate.ecobee")["attributes"]
    with pytest.raises(HomeAssistantError, match=r"could not carry out climate\.set_temperature"):
        tools.home_climate_set(21, "ecobee")  # it holds a range (heat_cool), not one temperature
    assert hass.state("climate.ecobee")["attributes"] == before

    hass.call("light", "turn_off", entity_id="light.bed_light")
    dimmed = tools.home_light_set("bed light", change=-30)
    assert hass.state("light.bed_light")["state"] == "off"
    assert dimmed.summary == "Bed Light (light.bed_light): off."
