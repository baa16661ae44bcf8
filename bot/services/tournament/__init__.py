"""What an event alone does (seed 000): create it and its rulespack, registration and rosters, rounds and
pairings, team events, groups and knock-outs, awards, secret objectives.
"""
