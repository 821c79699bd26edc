"""Every write goes through a service: keyword-only arguments, one transaction each."""
