"""The pages anyone may read, signed in or not: nothing private on them (no table link, no Wi-Fi,
no audit trail's addresses), which is why they are kept apart from the table's and the organizer's.
"""
