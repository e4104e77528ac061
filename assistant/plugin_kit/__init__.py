"""Internal machinery behind `assistant.api`: service keys, API versions, the author kit.

Plugins import from `assistant.api`, never from here; these modules may change.
"""
