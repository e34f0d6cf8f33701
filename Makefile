# livetext: Live Text for the Linux desktop.
#   make demo    install what is missing, build, analyze the bundled sample screenshots
#   make test    install what is missing, build, run the test suite
#   make bench   accuracy and speed beside tesseract and zbarimg, detectors beside their PyPI peers
#   make fuzz    3000 mutated images through livetext analyze

SWIFT ?= swift
# Tesseract's OpenMP threads fight each other on small machines; the CLI re-executes itself
# with this set, and the test process must have it before libtesseract loads.
export OMP_THREAD_LIMIT := 1

.PHONY: demo test bench fuzz build release setup clean

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
	$(SWIFT) test

bench: release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/accuracy.py --livetext .build/release/livetext
	/usr/bin/python3 bench/codes.py --livetext .build/release/livetext
	/usr/bin/python3 bench/speed.py --livetext .build/release/livetext
	/usr/bin/python3 bench/detect.py --livetext .build/release/livetext

fuzz: release
	@scripts/setup-debian --bench
	/usr/bin/python3 bench/fuzz.py --livetext .build/release/livetext --count 3000

clean:
	rm -rf .build
