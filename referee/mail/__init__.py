"""Mail in and out: SMTP listener, IMAP poller, sender, classification."""
