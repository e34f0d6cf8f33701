# livetext: Live Text for the Linux desktop.
#   make         build the release binary as yourself (Swift runtime linked in statically)
#   make install install it and its files (PREFIX=/usr/local, DESTDIR=); builds nothing, needs no network
#   make uninstall  remove exactly the files make install writes
#   make deb     a Debian package of the same files (apt install ./livetext_*.deb)
#   make demo    install what is missing, build, analyze the bundled sample screenshots
#   make test    install what is missing, build, run the test suite
#   make bench   accuracy and speed beside tesseract and zbarimg, detectors beside their PyPI peers
#   make fuzz    3000 mutated images through livetext analyze
#   make abuse   hostile D-Bus clients, files and faults against the daemon and the CLI: a table

SWIFT ?= swift
# Tesseract's OpenMP threads fight each other on small machines; the CLI re-executes itself
# with this set, and the test process must have it before libtesseract loads.
export OMP_THREAD_LIMIT := 1

.PHONY: all demo test bench fuzz abuse build release setup clean install uninstall check-install deb check-deb

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
# systemd --user reads units from $XDG_DATA_HOME/systemd/user (~/.local/share/...) and from
# /usr/local/lib and /usr/lib: a PREFIX of ~/.local gets the first.
ifeq ($(PREFIX),$(HOME)/.local)
USERUNITDIR ?= $(DATADIR)/systemd/user
else
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
endif
# The binary make install copies: linked with the Swift runtime statically, so it runs without
# the toolchain (ldd lists only system libraries).
BUILT := .build/release/livetext

# The default: the release build, as the user.
all: release

setup:
	@scripts/setup-debian

build: setup
	$(SWIFT) build

release:
	$(SWIFT) build -c release --static-swift-stdlib

demo: setup release
	@scripts/demo

test: setup
	$(SWIFT) build --build-tests
	scripts/run-tests $(SWIFT)

bench: setup release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/normcap_peer.py setup
	/usr/bin/python3 bench/accuracy.py --livetext .build/release/livetext --peers normcap,tesseract-normcap
	/usr/bin/python3 bench/speed.py --livetext .build/release/livetext
	/usr/bin/python3 bench/codes.py --livetext .build/release/livetext
	/usr/bin/python3 bench/detect.py --livetext .build/release/livetext
	/usr/bin/python3 bench/daemon_load.py --livetext .build/release/livetext
	/usr/bin/python3 bench/daemon_speed.py --livetext .build/release/livetext
	/usr/bin/python3 bench/desktop.py --livetext .build/release/livetext
	/usr/bin/python3 bench/wayland_capture.py --livetext .build/release/livetext
	/usr/bin/python3 bench/wayland_live.py --livetext .build/release/livetext
	/usr/bin/python3 bench/desktop_capture.py --livetext .build/release/livetext
	/usr/bin/python3 bench/tables.py setup
	/usr/bin/python3 bench/tables.py --livetext .build/release/livetext
	bench/notify.sh .build/release/livetext
	bench/sigterm.sh .build/release/livetext

fuzz: setup release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/fuzz.py --livetext .build/release/livetext --count 3000

abuse: setup release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/abuse.py --livetext .build/release/livetext

# Binaries, bus activation, the systemd user unit, the desktop file KWin grants by, completions,
# the man page, docs/API.md and an example settings file where a Linux user expects them; PREFIX
# and DESTDIR as usual. Only copies: `make` builds first, as the user.
INSTALLED := $(BINDIR)/livetext $(BINDIR)/livetextd \
	$(DATADIR)/dbus-1/services/org.livetext.service $(USERUNITDIR)/livetext.service \
	$(DATADIR)/dbus-1/interfaces/org.livetext.xml $(DATADIR)/applications/org.livetext.desktop \
	$(DATADIR)/bash-completion/completions/livetext $(DATADIR)/zsh/site-functions/_livetext \
	$(DATADIR)/fish/vendor_completions.d/livetext.fish \
	$(DATADIR)/man/man1/livetext.1 $(DATADIR)/man/man1/livetextd.1 \
	$(DATADIR)/doc/livetext/API.md $(DATADIR)/doc/livetext/config.toml.example

install:
	@test -x $(BUILT) || { echo "make install: $(BUILT) is not built: run make first, as yourself" >&2; exit 1; }
	install -Dm755 -s $(BUILT) $(DESTDIR)$(BINDIR)/livetext
	ln -sf livetext $(DESTDIR)$(BINDIR)/livetextd
	install -d $(DESTDIR)$(DATADIR)/dbus-1/services $(DESTDIR)$(USERUNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' dbus/org.livetext.service.in > $(DESTDIR)$(DATADIR)/dbus-1/services/org.livetext.service
	sed 's|@BINDIR@|$(BINDIR)|g' dbus/livetext.service.in > $(DESTDIR)$(USERUNITDIR)/livetext.service
	install -Dm644 dbus/org.livetext.xml $(DESTDIR)$(DATADIR)/dbus-1/interfaces/org.livetext.xml
	install -d $(DESTDIR)$(DATADIR)/applications
	sed 's|@BINDIR@|$(BINDIR)|g' dbus/org.livetext.desktop.in > $(DESTDIR)$(DATADIR)/applications/org.livetext.desktop
	install -Dm644 completions/livetext.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/livetext
	install -Dm644 completions/livetext.zsh $(DESTDIR)$(DATADIR)/zsh/site-functions/_livetext
	install -Dm644 completions/livetext.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/livetext.fish
	install -Dm644 doc/livetext.1 $(DESTDIR)$(DATADIR)/man/man1/livetext.1
	ln -sf livetext.1 $(DESTDIR)$(DATADIR)/man/man1/livetextd.1
	install -Dm644 docs/API.md $(DESTDIR)$(DATADIR)/doc/livetext/API.md
	$(BUILT) config --example > $(DESTDIR)$(DATADIR)/doc/livetext/config.toml.example

# The files above and nothing else (directories may hold other programs' files: they stay).
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

# make install and uninstall into a temporary DESTDIR, checked (after make).
check-install:
	scripts/check-install

# A Debian package of what make install writes, Depends from the libraries the binary links
# (after make; builds nothing): livetext_VERSION_ARCH.deb, for apt install ./livetext_*.deb.
deb:
	BUILT=$(BUILT) scripts/make-deb

# The package installed, used and purged in a clean Debian 12 root (root, debootstrap, the archive).
check-deb: deb
	scripts/check-deb

clean:
	rm -rf .build
