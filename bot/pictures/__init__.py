"""Pictures (Pillow): plain values in, PNG bytes out. No Discord, no database, no services.

kit.py is the one way to draw (a title, titled tables with zebra rows, notes); each picture module turns
its plain rows into the kit's tables.
"""
