"""Which of botpsy's own tools a request goes to when the model must call what it is offered.

For a model never trained on tools (the starter), the assisted layer offers tools and an
offered tool is as good as called: offering `brightness_get` for "set brightness to 50
percent" is a wrong call. These cases pair requests that name the same thing but ask
different actions of it: set or read it, list or make one, ask or command. They run
against the real definitions of every built-in plugin (mail and Home Assistant with
stand-in accounts, as `botpsy eval` loads them; nothing is contacted), through the
strategy's own `offer`. The requests are invented, about botpsy's own tools.
"""

from __future__ import annotations

import pytest

from assistant.assisted.selection import request_action, select_tools, tool_action
from tests.helpers import Definitions, offered

# (request, where it goes). "?tool": that tool is chosen and the user is asked for a value
# the request lacks ("make the screen dimmer" says no level; "?home_close": which door).
CASES = [
    # the screen: set or read
    ("set brightness to 50 percent", "brightness_set"),
    ("brightness 50 percent", "brightness_set"),
    ("make the screen dimmer", "?brightness_set"),
    ("what is the screen brightness", "brightness_get"),
    ("how bright is my screen", "brightness_get"),
    ("what is the brightness set to", "brightness_get"),
    ("is my screen brightness at 100", "brightness_get"),
    # the sound: set, read, mute
    ("set the volume to 30", "volume_set"),
    ("change the volume to 30 percent", "volume_set"),
    ("what's the volume at", "volume_get"),
    ("what's the volume set to", "volume_get"),
    ("how loud is the sound right now", "volume_get"),
    ("is the sound muted", "volume_get"),
    ("mute the sound", "volume_mute"),
    # alarms and timers: set, list, cancel
    ("set an alarm for 7 am tomorrow", "alarm_set"),
    ("wake me up at 6 tomorrow", "alarm_set"),
    ("what alarms do i have", "alarm_list"),
    ("is my alarm set for tomorrow", "alarm_list"),
    ("how many alarms are set", "alarm_list"),
    ("set a timer for 10 minutes", "timer_set"),
    ("how much time is left on my timer", "alarm_list"),
    ("how long until my timer rings", "alarm_list"),
    ("when does my timer go off", "alarm_list"),
    ("cancel my 7 am alarm", "alarm_delete"),
    ("delete my 6 am alarm", "alarm_delete"),
    ("stop the timer", "alarm_delete"),
    # the clock, and a time word beside a calendar's word
    ("what time is it in tokyo", "time_now"),
    ("what's the date today", "time_now"),
    ("when does the twentieth come in the next week", "time_now"),  # "next" names no meeting
    ("when is my dentist appointment next", "calendar_list_events"),
    ("what's my next appointment", "calendar_list_events"),
    # the calendar: list, make, change, cancel, find
    ("what's on my calendar on friday", "calendar_list_events"),
    ("do i have any appointments tomorrow", "calendar_list_events"),
    ("what is on my agenda next week", "calendar_list_events"),
    ("schedule a meeting with dana on friday at 3 pm", "calendar_create_event"),
    ("add lunch with sam to my calendar tomorrow at noon", "calendar_create_event"),
    ("move my dentist appointment to thursday", "calendar_update_event"),
    ("reschedule the dentist appointment to friday at 4 pm", "calendar_update_event"),
    ("cancel the team meeting on monday", "calendar_delete_event"),
    ("find the meeting about the budget", "calendar_search_events"),
    # tasks and lists: list, add, tick off, remove
    ("remind me to water the plants tomorrow", "task_add"),
    ("remind me at 5 pm to call mom", "task_add"),
    ("add eggs to the shopping list", "task_add"),
    ("what's on my shopping list", "task_list"),
    ("show my to do list", "task_list"),
    ("what's on my to do list", "task_list"),
    ("what reminders do i have", "task_list"),
    ("mark buy stamps as done", "task_complete"),
    ("mark the laundry task as done", "task_complete"),
    ("tick off eggs on my shopping list", "task_complete"),
    ("remove milk from my shopping list", "task_delete"),
    ("delete the reminder to call mom", "task_delete"),
    # contacts: look up or save
    ("look up anna's phone number", "contacts_find"),
    ("find the email address of tom", "contacts_find"),
    ("did i save a contact for bob", "contacts_find"),
    ("save bob's number 555 1234", "contacts_add"),
    ("add a contact named carla with email carla@example.org", "contacts_add"),
    # mail: check, read, find, send, reply, draft, archive
    ("do i have any new email", "mail_check"),
    ("any new mail from bob", "mail_check"),
    ("read my latest email from alice", "mail_read"),
    ("search my mail for the invoice from acme", "mail_search"),
    ("send an email to bob saying i'll be late", "mail_send"),
    ("reply to alice that the plan is fine", "mail_reply"),
    ("draft an email to bob about the trip", "mail_draft"),
    ("archive the email from the bank", "mail_archive"),
    # files: find, search inside, read, move, copy, rename, delete, restore, undo, open
    ("where is my lease pdf", "files_find"),
    ("find my tax pdf", "files_find"),
    ("which file mentions the deposit", "files_search"),
    ("read the document budget.odt", "files_read"),
    ("move report.pdf to the archive folder", "files_move"),
    ("copy budget.odt to the archive folder", "files_copy"),
    ("rename notes.txt to ideas.txt", "files_rename"),
    ("delete old-draft.docx", "files_delete"),
    ("bring back the file i deleted", "files_restore"),
    ("undo the last file move", "files_undo"),
    ("open the file budget.odt", "open_file"),
    # the player: what is playing, play, control
    ("which track is this", "media_now_playing"),
    ("what's playing right now", "media_now_playing"),
    ("play some jazz", "media_play"),
    ("play the radio", "media_play"),
    ("skip to the next song", "media_control"),
    ("pause the song", "media_control"),
    # this computer
    ("how much battery is left", "battery_status"),
    ("is my laptop charging", "battery_status"),
    ("am i connected to the wifi", "network_status"),
    ("what's my ip address", "network_status"),
    ("how much disk space do i have", "disk_space"),
    ("how much storage is free", "disk_space"),
    ("show a notification saying stretch", "notification_show"),
    ("open the calculator app", "open_app"),
    # the smart home: state, switch, set, lock, list
    ("turn on the kitchen light", "home_turn_on"),
    ("turn off the living room lamp", "home_turn_off"),
    ("is the kitchen light on", "home_status"),
    ("is the hallway light on", "home_status"),
    ("status of the front door", "home_status"),
    ("what's the temperature in my bedroom", "home_status"),
    ("set the thermostat to 21 degrees", "home_climate_set"),
    ("set the heating to 20 degrees", "home_climate_set"),
    ("dim the living room lamp to 30 percent", "home_light_set"),
    ("lock the front door", "home_lock"),
    ("is the front door locked", "home_status"),
    ("unlock the front door", "home_unlock"),
    ("close the garage door", "?home_close"),
    ("open the garage door", "?home_open"),
    ("list my smart home devices", "home_devices"),
    ("what lights do i have", "home_devices"),
    # weather and the web
    ("will it rain tomorrow", "weather_forecast"),
    ("what's the weather in paris", "weather_forecast"),
    ("do i need an umbrella tomorrow", "weather_forecast"),
    ("search the web for pasta recipes", "web_search"),
    ("read the page example.org/news", "web_fetch"),
    ("open the website example.org", "open_url"),
    ("open example.org", "open_url"),
    # too vague to choose by: nothing is offered, the model answers in words
    ("status", ""),
    ("volume", ""),
    ("alarms", ""),
    ("what is the status on my order", ""),
    # one word that names one tool is not vague
    ("battery", "battery_status"),
    ("timer", "?timer_set"),
    # a whole list, or an item on one
    ("which lists have i got", "list_lists"),
    ("delete the whole camping list", "list_delete"),
    ("drop the eggs from the list", "task_delete"),
]


@pytest.mark.parametrize(("request_text", "wanted"), CASES, ids=[c[0] for c in CASES])
def test_a_request_goes_to_the_tool_that_does_what_it_asks(
    request_text: str, wanted: str, builtins: Definitions
) -> None:
    assert offered(request_text, builtins) == ({wanted} if wanted else set())


def test_every_builtin_family_and_most_tools_have_a_case(builtins: Definitions) -> None:
    """The cases cover the installed tools: a new tool family needs its set/get pairs here."""
    names = {d["function"]["name"] for d in builtins}
    covered = {wanted.lstrip("?") for _, wanted in CASES if wanted}
    assert covered <= names
    family = {name: name.split("_")[0] for name in names}
    assert {family[n] for n in names} == {family[n] for n in covered}
    assert len(covered) >= 0.8 * len(names), sorted(names - covered)
    assert len(CASES) >= 60


@pytest.mark.parametrize(
    ("request_text", "action"),
    [("set brightness to 50 percent", "write"), ("brightness to fifty percent", "write"),
     ("can you turn the volume up to 80", "write"), ("i want to cancel my alarm", "remove"),
     ("turn off the lamp", "remove"), ("how much time is left on my timer", "list"),
     ("do i have any meetings", "list"), ("where is my lease", "find"),
     ("is the door locked", "state"), ("what is the screen brightness", "state"),
     ("play some jazz", ""), ("hello there", "")],
)  # fmt: skip
def test_what_a_request_asks_to_do(request_text: str, action: str) -> None:
    assert request_action(request_text) == action


def test_what_each_tool_does_comes_from_its_name_then_its_description(
    builtins: Definitions,
) -> None:
    does = {d["function"]["name"]: tool_action(d) for d in builtins}
    assert (does["brightness_set"], does["brightness_get"]) == ("write", "state")
    assert (does["alarm_list"], does["alarm_delete"], does["timer_set"]) == (
        "list",
        "remove",
        "write",
    )
    assert (does["home_turn_on"], does["home_turn_off"]) == ("write", "remove")
    assert (does["calendar_search_events"], does["files_find"]) == ("find", "find")
    assert does["disk_space"] == "state"  # "Say how much free disk space ..."
    assert does["home_devices"] == "list"  # "List the smart home devices ..."
    assert does["open_url"] == does["media_play"] == ""  # neither reads nor writes


def test_a_model_that_weighs_tools_itself_is_still_offered_both(builtins: Definitions) -> None:
    """Without a margin (a model trained on tools chooses), preferences do not prune."""
    both = {"brightness_get", "brightness_set"}
    names = {d["function"]["name"] for d in select_tools("set brightness to 50 percent", builtins)}
    assert both <= names
