"""What an event alone decides (seed 000): its rulespack, rosters by Skill Points, Swiss pairings, scoring
and rankings, team events, groups and knock-outs, awards, custom inducements, secret objectives.
"""
