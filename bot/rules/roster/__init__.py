"""A team's roster, for a league team and an event roster alike: drafting and its value, staff, who may hire
whom, and spending SPP.
"""
