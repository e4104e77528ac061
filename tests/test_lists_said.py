"""Lists, to-dos and reminders as people say them, behind every plugin, as botpsy runs them.

Each need the calendar plugin's list and task intents serve (put items on a named list, make a
list, read one, name all lists, take an item off, clear a list, be reminded of something at a
time, hear the reminders and to-dos, cancel a reminder, mark a to-do done) is said many ways:
commands, questions and bare fragments, different verbs, with and without "my", "the", spoken
times and fillers. All are invented here. Near-misses (music playlists, the calendar's meetings,
shopping questions, knowledge and chit-chat) must not reach the list and task tools.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from assistant.api import plain_request
from tests.helpers import builtin_assistant

TASK_TOOLS = {"task_add", "task_list", "task_delete", "task_complete"}
TASK_TOOLS |= {"list_lists", "list_create", "list_rename", "list_delete"}  # whole lists too
TASK_TOOLS |= {"list_clear"}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Every built-in plugin, in load order; a fresh home so nothing real is read."""
    with builtin_assistant(tmp_path_factory.mktemp("home")) as built:
        yield built


def _match(assistant: Any, text: str) -> tuple[str | None, dict[str, Any]]:
    match = assistant.agent.intents.match(plain_request(text))
    return (None, {}) if match is None else (match.tool, dict(match.arguments))


def _check(assistant: Any, text: str, tool: str, arguments: dict[str, Any]) -> None:
    """The tool, and each argument given (compared case-blind; None: absent; "*": present)."""
    got_tool, got = _match(assistant, text)
    assert got_tool == tool, (text, got_tool, got)
    for key, value in arguments.items():
        if value is None:
            assert key not in got, (text, got)
        elif value == "*":
            assert got.get(key), (text, got)
        else:
            assert str(got.get(key, "")).lower() == value.lower(), (text, got)


ADD_TO_A_LIST = [
    ("add milk to the shopping list", "milk", "shopping list"),
    ("put bread on my grocery list", "bread", "grocery list"),
    ("stick batteries on the hardware list", "batteries", "hardware list"),
    ("throw some apples on the shopping list", "apples", "shopping list"),
    ("jot down sunscreen on my packing list", "sunscreen", "packing list"),
    ("note down tent pegs on the camping list", "tent pegs", "camping list"),
    ("include a torch in my camping list", "torch", "camping list"),
    ("append flour to the baking list", "flour", "baking list"),
    ("can you add cat food to the shopping list", "cat food", "shopping list"),
    ("add tomatoes to groceries", "tomatoes", "groceries list"),
    ("add to shopping list cheese", "cheese", "shopping list"),
    ("shopping list add oat milk", "oat milk", "shopping list"),
    ("put eggs down on the shopping list", "eggs", "shopping list"),
    # bare fragments: the item and the list, no verb
    ("milk on the shopping list", "milk", "shopping list"),
    ("eggs to the grocery list", "eggs", "grocery list"),
    ("bananas onto my shopping list", "bananas", "shopping list"),
    ("i want socks added to my packing list", "socks", "packing list"),
    ("rope for the camping list", "rope", "camping list"),
    ("a torch on my packing list please", "torch", "packing list"),
    ("shopping list eggs and flour", "eggs, flour", "shopping list"),
    ("grocery list: lemons", "lemons", "grocery list"),
    # the item said first, then "add it"
    ("we are out of coffee add it to the shopping list", "coffee", "shopping list"),
    ("i need glue put it on my hardware list", "glue", "hardware list"),
    ("we ran out of rice so stick it on the grocery list", "rice", "grocery list"),
]


@pytest.mark.parametrize(("text", "title", "list_name"), ADD_TO_A_LIST)
def test_items_go_on_a_named_list(assistant: Any, text: str, title: str, list_name: str) -> None:
    _check(assistant, text, "task_add", {"title": title, "list_name": list_name})


TO_DOS = [
    ("add buy stamps to my to do list", "buy stamps"),
    ("put call the plumber on my to do list", "call the plumber"),
    ("add fix the fence to my tasks", "fix the fence"),
    ("add a task to call the plumber", "call the plumber"),
    ("new task clean the gutters", "clean the gutters"),
    ("create a to do water the tomatoes", "water the tomatoes"),
    ("add task clean the garage", "clean the garage"),
    ("to do clean the garage", "clean the garage"),
    ("add to my reminders pick up the dry cleaning", "pick up the dry cleaning"),
    ("append ring the garage to my to do list", "ring the garage"),
    ("jot down fix the tap on my to-do list", "fix the tap"),
    ("note down renew the insurance in my tasks", "renew the insurance"),
    ("add pick up the dry cleaning to my reminders", "pick up the dry cleaning"),
]


@pytest.mark.parametrize(("text", "title"), TO_DOS)
def test_to_dos_are_plain_tasks(assistant: Any, text: str, title: str) -> None:
    _check(assistant, text, "task_add", {"title": title, "list_name": None})


NEW_LISTS = [
    ("create a new list called camping", "camping list"),
    ("make a new shopping list", "shopping list"),
    ("start a new list for the party", "party list"),
    ("begin a packing list", "packing list"),
    ("make a list named holiday", "holiday list"),
    ("new grocery list", "grocery list"),
    ("open a new list for christmas presents", "christmas presents list"),
    ("set up a list for the wedding", "wedding list"),
    ("can you create a birthday list", "birthday list"),
    ("create a shopping list for the weekend", "shopping list"),
    ("start a packing list for the trip", "packing list"),
    ("by friday create a new list called chores", "chores list"),
    ("make me a list called gifts", "gifts list"),
]


@pytest.mark.parametrize(("text", "list_name"), NEW_LISTS)
def test_a_new_list_is_made_by_its_name(assistant: Any, text: str, list_name: str) -> None:
    """A new list is a list of its own (`list_create`, session 12), empty until items come."""
    _check(assistant, text, "list_create", {"list_name": list_name})


READ_A_LIST = [
    ("what's on my shopping list", "shopping list"),
    ("whats on the grocery list", "grocery list"),
    ("read me the shopping list", "shopping list"),
    ("show my packing list", "packing list"),
    ("tell me what's on my camping list", "camping list"),
    ("check my shopping list", "shopping list"),
    ("open the hardware list", "hardware list"),
    ("shopping list", "shopping list"),
    ("groceries list", "groceries list"),
    ("the grocery list please", "grocery list"),
    ("what items are on my shopping list", "shopping list"),
    ("how many things are on the packing list", "packing list"),
    ("is milk on my shopping list", "shopping list"),
    ("what's left on the shopping list", "shopping list"),
    ("go through my packing list", "packing list"),
    ("read out the camping list", "camping list"),
    ("display the shopping list", "shopping list"),
    ("what did i put on the packing list", "packing list"),
    ("what did i add to my camping list yesterday", "camping list"),
    ("can you check what is there in my shopping list", "shopping list"),
    ("read to me my packing list", "packing list"),
    ("list items in hardware list", "hardware list"),
    ("shopping list for tomorrow", "shopping list"),
]


READ_A_LIST += [
    # the lists people name without the word "list"
    ("what chores do i have", "chores list"),
    ("what chores are left", "chores list"),
    ("what errands do i have to run", "errands list"),
    ("which errands are left this week", "errands list"),
    ("what chores do we still need to get done", "chores list"),
]


@pytest.mark.parametrize(("text", "list_name"), READ_A_LIST)
def test_a_list_is_read(assistant: Any, text: str, list_name: str) -> None:
    _check(assistant, text, "task_list", {"list_name": list_name})


# Whether a list exists, and which lists there are: the lists themselves (`list_lists`).
LIST_EXISTS = [
    ("is there a list called camping", "camping list"),
    ("do we have a packing list", "packing list"),
]
WHICH_LISTS = [
    "which lists do i have",
    "what lists do i have",
    "show me all my lists",
    "what are all my lists",
    "list all my lists",
    "do i have any lists",
    "how many lists do i have",
    "tell me my lists",
    "my lists",
    "what all lists do i have",
    "how many lists",
    "how many lists are there",
    "i wanna see my lists",
]


@pytest.mark.parametrize(("text", "name"), LIST_EXISTS)
def test_whether_a_list_exists(assistant: Any, text: str, name: str) -> None:
    _check(assistant, text, "list_lists", {"list_name": name})


@pytest.mark.parametrize("text", WHICH_LISTS)
def test_which_lists_there_are(assistant: Any, text: str) -> None:
    _check(assistant, text, "list_lists", {"list_name": None})


ALL_LISTS = [
    "read out all my lists",
    "read the items on the list",
    "what are the lists i have",
    # what is still to buy: every list, for the shopping
    "what is left to buy",
    "what's left to get",
    "anything else to pick up",
    "is there anything else to buy",
    "what else do i need to buy",
    "mia what's on my list",
]


@pytest.mark.parametrize("text", ALL_LISTS)
def test_all_lists_are_named(assistant: Any, text: str) -> None:
    _check(assistant, text, "task_list", {"list_name": None})


REMOVE_AN_ITEM = [
    ("take eggs off the shopping list", "task_delete", "eggs", "shopping list"),
    ("remove milk from my shopping list", "task_delete", "milk", "shopping list"),
    ("delete bread from the grocery list", "task_delete", "bread", "grocery list"),
    ("drop the torch from the camping list", "task_delete", "torch", "camping list"),
    ("erase butter from my grocery list", "task_delete", "butter", "grocery list"),
    ("get rid of cheese on the shopping list", "task_delete", "cheese", "shopping list"),
    ("shopping list remove milk", "task_delete", "milk", "shopping list"),
    ("milk off the shopping list", "task_delete", "milk", "shopping list"),
    ("cross milk off the shopping list", "task_complete", "milk", "shopping list"),
    ("cross off bread from the grocery list", "task_complete", "bread", "grocery list"),
    ("scratch bananas off my shopping list", "task_complete", "bananas", "shopping list"),
    (
        "i already have eggs remove them from the shopping list",
        "task_delete",
        "eggs",
        "shopping list",
    ),
    ("get milk off my shopping list", "task_delete", "milk", "shopping list"),
    ("take eggs out of my shopping list", "task_delete", "eggs", "shopping list"),
    ("no need for rope on the camping list", "task_delete", "rope", "camping list"),
    ("i want the torch removed from the camping list", "task_delete", "torch", "camping list"),
    ("dont need rope on the camping list", "task_delete", "rope", "camping list"),
    (
        "remove the eggs from my shopping list as i bought them",
        "task_delete",
        "eggs",
        "shopping list",
    ),
    ("delete from the shopping list eggs", "task_delete", "eggs", "shopping list"),
    ("remove from my packing list the charger", "task_delete", "charger", "packing list"),
    ("check off eggs on the grocery list", "task_complete", "eggs", "grocery list"),
    ("the eggs have to come off the shopping list", "task_delete", "eggs", "shopping list"),
    ("eggs need to be taken off my shopping list", "task_delete", "eggs", "shopping list"),
]


@pytest.mark.parametrize(("text", "tool", "task", "list_name"), REMOVE_AN_ITEM)
def test_an_item_comes_off_a_list(
    assistant: Any, text: str, tool: str, task: str, list_name: str
) -> None:
    _check(assistant, text, tool, {"task": task, "list_name": list_name})


CLEAR_A_LIST = [
    ("clear my shopping list", "shopping list"),
    ("empty the shopping list", "shopping list"),
    ("wipe my grocery list", "grocery list"),
    ("clear all items from my shopping list", "shopping list"),
    ("delete everything on my shopping list", "shopping list"),
    ("wipe everything off the grocery list", "grocery list"),
    ("empty my shopping list entirely", "shopping list"),
]
# Verbs that remove a thing for good remove the list itself (`list_delete`, asked first).
DELETE_A_LIST = [
    ("delete the camping list", "camping list"),
    ("get rid of the shopping list", "shopping list"),
    ("throw away my packing list", "packing list"),
    ("scrap the party list", "party list"),
    ("remove the list of things to pack", "things to pack list"),
    ("delete the holiday list completely", "holiday list"),
    ("delete the packing list for good", "packing list"),
]


@pytest.mark.parametrize(("text", "name"), DELETE_A_LIST)
def test_a_whole_list_is_deleted(assistant: Any, text: str, name: str) -> None:
    _check(assistant, text, "list_delete", {"list_name": name})


@pytest.mark.parametrize(("text", "list_name"), CLEAR_A_LIST)
def test_a_list_is_cleared_one_item_at_a_time(assistant: Any, text: str, list_name: str) -> None:
    """One `list_clear` of the list named: every item shown, asked once, the list kept."""
    _check(assistant, text, "list_clear", {"list_name": list_name, "task": None})


REMIND = [
    ("remind me to call the vet tomorrow at five pm", "call the vet", "tomorrow at five pm"),
    ("remind me at six thirty to take the bins out", "take the bins out", "at six thirty"),
    ("remind me tomorrow morning to ring the bank", "ring the bank", "tomorrow morning"),
    ("remind me in twenty minutes to check the oven", "check the oven", "in twenty minutes"),
    ("set a reminder to water the plants on friday", "water the plants", "on friday"),
    ("set reminder pick up the kids at three", "pick up the kids", "at three"),
    ("reminder call grandma sunday at noon", "call grandma", "sunday at noon"),
    ("reminder for tomorrow pay the gas bill", "pay the gas bill", "tomorrow"),
    ("can you remind me to phone the school at ten", "phone the school", "at ten"),
    ("i need a reminder to feed the fish at eight tonight", "feed the fish", "at eight tonight"),
    ("at seven pm remind me to lock the shed", "lock the shed", "at seven pm"),
    ("put a reminder in for the plumber on wednesday at nine", "plumber", "on wednesday at nine"),
    ("jot down a reminder to renew my passport", "renew my passport", ""),
    ("add a reminder to renew the car tax", "renew the car tax", ""),
    ("don't let me forget to buy stamps", "buy stamps", ""),
    # the day first, the hour said with what it is about
    (
        "remind me tomorrow that i have a dentist appointment at three",
        "i have a dentist appointment",
        "tomorrow at three",
    ),
    ("remind me on monday that the bins go out at seven", "bins go out", "on monday at seven"),
    ("remind me my mother's birthday is on sunday", "mother's birthday", "on sunday"),
    # other words for "remind me", kept only with a time
    ("help me remember to call mum tonight", "call mum", "tonight"),
    ("i need to remember to pay the bill on friday", "pay the bill", "on friday"),
    ("make sure i remember to ring jo at six", "ring jo", "at six"),
    ("let me know at five to call jo", "call jo", "at five"),
    ("give me a shout at seven to leave for the station", "leave for the station", "at seven"),
    ("save a reminder to water the plants", "water the plants", ""),
]


@pytest.mark.parametrize(("text", "title", "due"), REMIND)
def test_a_reminder_is_a_task_with_a_time(assistant: Any, text: str, title: str, due: str) -> None:
    _check(assistant, text, "task_add", {"title": title} | ({"due": due} if due else {}))


READ_REMINDERS = [
    ("what are my reminders", ""),
    ("what reminders do i have", ""),
    ("show me my reminders", ""),
    ("list my reminders", ""),
    ("my reminders", ""),
    ("check my reminders", ""),
    ("any reminders today", "today"),
    ("reminders for this week", "for this week"),
    ("what's on my to do list", ""),
    ("list my tasks", ""),
    ("my to do list", ""),
    ("tasks for today", "for today"),
    ("what tasks are due this week", "this week"),
    ("upcoming reminders", ""),
    ("next reminder", ""),
    ("did i set any reminders", ""),
    ("what did i ask you to remind me about", ""),
    ("show pending tasks", ""),
    # what is still to be done, asked without naming the list
    ("what do i still need to do", ""),
    ("what else have we got to do", ""),
    ("what have i got left to do", ""),
    ("what's still left to do", ""),
    ("what is remaining for me to do", ""),
    # whether one is kept
    ("did i set a reminder for the dentist", ""),
    ("is there a reminder to call jo", ""),
    ("have i got a task about the car", ""),
    ("did you set a reminder for my meeting", ""),
]


@pytest.mark.parametrize(("text", "due"), READ_REMINDERS)
def test_reminders_and_to_dos_are_read(assistant: Any, text: str, due: str) -> None:
    _check(assistant, text, "task_list", {"due": due or None})


CANCEL = [
    ("cancel my reminder to call the vet", "call the vet"),
    ("delete the reminder about the bins", "bins"),
    ("remove my dentist reminder", "dentist"),
    ("turn off the reminder to water the plants", "water the plants"),
    ("stop reminding me about the bins", "bins"),
    ("cancel reminder pay rent", "pay rent"),
    ("remove the task call the plumber", "call the plumber"),
    ("i don't need the reminder about the parcel any more", "parcel"),
    ("cancel the dentist reminder on friday", "dentist"),
    ("don't remind me about the gym", "gym"),
    ("never mind the reminder about the gym", "gym"),
]


@pytest.mark.parametrize(("text", "task"), CANCEL)
def test_a_reminder_is_cancelled(assistant: Any, text: str, task: str) -> None:
    _check(assistant, text, "task_delete", {"task": task})


DONE = [
    ("mark call the plumber as done", "call the plumber"),
    ("mark the task call the plumber done", "call the plumber"),
    ("mark pay the rent as complete", "pay the rent"),
    ("tick off pay the rent", "pay the rent"),
    ("check off feed the fish", "feed the fish"),
    ("complete the task call the plumber", "call the plumber"),
    ("i've finished the laundry task", "laundry"),
    ("set the laundry task to done", "laundry"),
    ("the hoovering chore is done", "hoovering"),
]


@pytest.mark.parametrize(("text", "task"), DONE)
def test_a_to_do_is_marked_done(assistant: Any, text: str, task: str) -> None:
    _check(assistant, text, "task_complete", {"task": task})


RAN_OUT = [
    ("we're out of coffee", "coffee"),
    ("we are out of toilet paper", "toilet paper"),
    ("we've run out of bin bags", "bin bags"),
    ("i'm low on washing up liquid", "washing up liquid"),
    ("we're running low on milk", "milk"),
    ("we need more milk", "milk"),
    ("i need some more eggs", "eggs"),
    ("there's no bread left", "bread"),
    ("we have no butter", "butter"),
    ("we've got no more cheese", "cheese"),
    ("the milk has run out", "milk"),
    ("our coffee is all used up", "coffee"),
    ("we're all out of teabags", "teabags"),
    ("i ran out of shampoo", "shampoo"),
    ("oh no we're out of rice again", "rice"),
    ("hey botpsy we are nearly out of dog food", "dog food"),
    ("i need to buy milk", "milk"),
    ("we have to buy eggs from the shop", "eggs"),
    ("we need some bread from the store", "bread"),
    ("i need to buy a new phone", "new phone"),
    # things needed, said plainly (plural: "i need milk" may be a craving)
    ("we need batteries", "batteries"),
    ("i need eggs", "eggs"),
    ("i still need bin bags", "bin bags"),
    ("we need new tyres", "new tyres"),
]


@pytest.mark.parametrize(("text", "title"), RAN_OUT)
def test_what_ran_out_goes_on_the_shopping_list(assistant: Any, text: str, title: str) -> None:
    _check(assistant, text, "task_add", {"title": title, "list_name": "shopping list"})


NAMED_FIRST = [
    ("mia what's on my shopping list", "task_list", {"list_name": "shopping list"}),
    ("juno add milk to my shopping list", "task_add", {"title": "milk", "list_name": "shopping list"}),
    ("rosie, take the eggs off my grocery list", "task_delete",
     {"task": "eggs", "list_name": "grocery list"}),
    ("olly remind me to call jo", "task_add", {"title": "call jo"}),
    ("can you note that i need apples on the shopping list", "task_add",
     {"title": "apples", "list_name": "shopping list"}),
    ("write down that we need milk on the grocery list", "task_add",
     {"title": "milk", "list_name": "grocery list"}),
    ("the task call mum is done", "task_complete", {"task": "call mum"}),
]  # fmt: skip


ONTO_A_NEW_LIST = [
    ("add eggs to a new list", "list_create", {"items": "eggs", "list_name": None}),
    ("put rope and a tent on a new list called camping", "list_create",
     {"items": "rope, tent", "list_name": "camping list"}),
    ("add eggs to a new shopping list", "task_add", {"title": "eggs", "list_name": "shopping list"}),
    ("start milk on a fresh list", "list_create", {"items": "milk", "list_name": None}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "tool", "arguments"), ONTO_A_NEW_LIST)
def test_items_for_a_new_list(
    assistant: Any, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    _check(assistant, text, tool, arguments)


@pytest.mark.parametrize(("text", "tool", "arguments"), NAMED_FIRST)
def test_a_name_said_first_or_a_need_said_changes_nothing(
    assistant: Any, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    _check(assistant, text, tool, arguments)


NEAR_MISSES = [
    # what runs out that no shop sells, or a device gives more of
    "we're out of time",
    "i'm running low on battery",
    "i'm out of ideas",
    "we need more time",
    "there's no signal",
    "i'm out of breath",
    "we're out of here",
    "there is no hot water",
    "i need some help",
    "we have no money left",
    "i'm short of cash",
    "we are out of the house",
    "i'm out of the loop",
    "we're out of what we need",
    "we ran out of things to say",
    "i need more brightness",
    "we need more light in here",
    "i need some sleep",
    "the bread is gone",
    "clear my head",
    "play list of songs",
    "add this song to a new playlist",
    "add eggs to a new playlist",
    "what's a good thing to buy for my dad",
    "what is the best time to buy a car",
    "what is there to do in paris",
    "i need to buy a present for mum",
    "i need to buy time",
    "i need to buy tickets for the show",
    "i need to buy milk and call jo",
    "i need some help from the team",
    "did i set an alarm for tomorrow",
    "i need tips",
    "i need friends",
    "i need answers",
    "we need groceries",
    "i need ideas",
    "i need holidays",
    "what chores should kids do",
    "what chores can a five year old do",
    "is there a flight to paris",
    "do i have a meeting about the budget",
    "what do i need to do to renew my passport",
    "what should i do this weekend",
    "list my meetings",
    "list my meetings for tomorrow",
    "what's on my calendar today",
    "play list of jazz",
    "play my road trip playlist",
    "add this song to my playlist",
    "create a playlist called running",
    "where can i buy milk",
    "how much does milk cost",
    "do you like shopping",
    "what should i buy my mum for her birthday",
    "i went shopping today",
    "give me a list of good films",
    "list the planets in the solar system",
    "what is a linked list",
    "is milk good for you",
    "i bought a new car",
    "what's on tv tonight",
    "remind me what time it is",
    "remind me who wrote hamlet",
    "tell me a joke",
    "i need to go shopping",
    "the list goes on",
    "who is on the guest list for the oscars",
    "take me off the mailing list",
    "empty the recycle bin",
    "wipe the table",
    "cross the road",
    "what do i need to make pancakes",
    "finish the story",
    "complete the sentence for me",
    "mark my words",
    "mark the email from jo as done",
    "mark the meeting as complete",
    "milk on the stove",
    "a cat on the roof",
    "search list work",
    "help me remember the capital of peru",
    "let me know what you think",
    "let me know if it rains tomorrow",
    "i need to remember my password",
    "give me a shout",
    "to do or not to do",
    "what to do tomorrow in paris",
    "i finished the book",
    "the game is done",
    "never mind",
    "don't remind me",
    "alert me at three hours",
    "let me know on friday how the game went",
    "get eggs from the shopping list",
    "give me a shout when dinner is ready",
    "play list jazz",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_stay_off_the_lists(assistant: Any, text: str) -> None:
    tool, arguments = _match(assistant, text)
    assert tool not in TASK_TOOLS, (text, tool, arguments)


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("tomorrow add eggs to the shopping list", "task_add",
         {"title": "eggs", "list_name": "shopping list", "due": "tomorrow"}),
        ("on friday what is on my packing list", "task_list",
         {"list_name": "packing list", "due": "friday"}),
        ("by saturday create a new camping list", "list_create", {"list_name": "camping list"}),
        ("this weekend clear the party list", "list_clear", {"list_name": "party list", "due": None}),
    ],
)  # fmt: skip
def test_a_day_said_first_is_when_it_is_due(
    assistant: Any, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    _check(assistant, text, tool, arguments)
