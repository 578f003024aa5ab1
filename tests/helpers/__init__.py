"""What several test modules share: decks and deals, clicks through the play app, reading the what-if explorer."""
