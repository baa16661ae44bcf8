"""Blood Bowl league commissioner bot."""
