"""Use cases: submit turn, buzz, judge, Speaker commands, deadlines."""
