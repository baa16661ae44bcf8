"""One function per user action: open one transaction, load state, apply the rules, write the outcome."""
