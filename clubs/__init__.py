"""The bottom app: clubs, their people and staff roles, who may do what, and the service errors.

Every other app sits on this one (``clubs`` ← ``scoring`` ← ``tournaments``) and none below it: the
club archive and the demo ask each app for its part (:mod:`clubs.parts`) instead of naming it.
"""
