# Test kernels keep no command history: nothing under tests/ changes when the tests run.
c = get_config()  # noqa: F821 - provided by IPython when it loads this file
c.HistoryManager.enabled = False
