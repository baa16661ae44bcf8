"""A team's roster, for a league team and an event roster alike: drafting, hiring, firing, staff, look-ups,
and spending SPP.
"""
