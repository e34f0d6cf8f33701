# livetext: Live Text for the Linux desktop.
#   make demo    install what is missing, build, analyze the bundled sample screenshots
#   make test    install what is missing, build, run the test suite
#   make bench   accuracy and speed beside tesseract and zbarimg, detectors beside their PyPI peers
#   make fuzz    3000 mutated images through livetext analyze
#   make abuse   hostile D-Bus clients, files and faults against the daemon and the CLI: a table

SWIFT ?= swift
# Tesseract's OpenMP threads fight each other on small machines; the CLI re-executes itself
# with this set, and the test process must have it before libtesseract loads.
export OMP_THREAD_LIMIT := 1

.PHONY: demo test bench fuzz abuse build release setup clean install

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin

setup:
	@scripts/setup-debian

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

demo: release
	@scripts/demo

test: setup
	$(SWIFT) build --build-tests
	scripts/run-tests $(SWIFT)

bench: release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/normcap_peer.py setup
	/usr/bin/python3 bench/accuracy.py --livetext .build/release/livetext --peers normcap,tesseract-normcap
	/usr/bin/python3 bench/speed.py --livetext .build/release/livetext
	/usr/bin/python3 bench/codes.py --livetext .build/release/livetext
	/usr/bin/python3 bench/detect.py --livetext .build/release/livetext
	/usr/bin/python3 bench/daemon_load.py --livetext .build/release/livetext
	/usr/bin/python3 bench/daemon_speed.py --livetext .build/release/livetext
	/usr/bin/python3 bench/desktop.py --livetext .build/release/livetext
	bench/notify.sh .build/release/livetext

fuzz: release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/fuzz.py --livetext .build/release/livetext --count 3000

abuse: release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/abuse.py --livetext .build/release/livetext

# Binaries, bus activation, the systemd user unit, completions and the man page where a Linux
# user expects them; PREFIX and DESTDIR as usual.
install: release
	install -Dm755 .build/release/livetext $(DESTDIR)$(BINDIR)/livetext
	ln -sf livetext $(DESTDIR)$(BINDIR)/livetextd
	install -d $(DESTDIR)$(PREFIX)/share/dbus-1/services $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|@BINDIR@|$(BINDIR)|g' dbus/org.livetext.service.in > $(DESTDIR)$(PREFIX)/share/dbus-1/services/org.livetext.service
	sed 's|@BINDIR@|$(BINDIR)|g' dbus/livetext.service.in > $(DESTDIR)$(PREFIX)/lib/systemd/user/livetext.service
	install -Dm644 dbus/org.livetext.xml $(DESTDIR)$(PREFIX)/share/dbus-1/interfaces/org.livetext.xml
	install -Dm644 completions/livetext.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/livetext
	install -Dm644 completions/livetext.zsh $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_livetext
	install -Dm644 completions/livetext.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/livetext.fish
	install -Dm644 doc/livetext.1 $(DESTDIR)$(PREFIX)/share/man/man1/livetext.1
	ln -sf livetext.1 $(DESTDIR)$(PREFIX)/share/man/man1/livetextd.1

clean:
	rm -rf .build
