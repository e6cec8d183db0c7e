"""Without SMTP, mails land as files in DATA_DIR/mail: Django's file backend, but the folder
and every mail private, since a reset mail's link is the account."""

from pathlib import Path

from django.core.mail.backends import filebased

from config.private_data import open_private, private_folder


class PrivateFileEmailBackend(filebased.EmailBackend):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        private_folder(Path(self.file_path))

    def open(self) -> bool:
        if self.stream is not None:
            return False
        self.stream = open_private(self._get_filename(), "ab")
        return True
