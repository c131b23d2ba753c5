SECRET_KEY = "placeholder"
INSTALLED_APPS = []
