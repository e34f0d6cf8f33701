"""A headless sway for the Wayland benchmarks (bench/wayland_capture.py, bench/wayland_live.py).

sway 1.7, wlroots' headless backend with the pixman renderer, one output HEADLESS-1, no Xwayland,
its socket wayland-1 in a runtime directory of mode 0700 of its own. sway refuses root: run as
root, it runs as the user livetext-test (made when missing), and so do the commands of
`user_command` (the session's own tools: wl-copy, wl-paste); `env()` is for this script's
clients (root may open any socket).

    sway = Sway()
    subprocess.run(["grim", "-t", "ppm", "-"], env=sway.env())
    subprocess.run(sway.user_command(["wl-paste", "-n"]))
    sway.stop()
"""
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time

USER = "livetext-test"
SOCKET = "wayland-1"
OUTPUT = "HEADLESS-1"


class Sway:
    """A headless sway with one output of width x height, without Xwayland."""

    def __init__(self, width=1920, height=1080):
        self.width, self.height = width, height
        self.dir = tempfile.mkdtemp(prefix="livetext-bench-sway-")
        os.chmod(self.dir, 0o755)
        self.runtime = os.path.join(self.dir, "run")
        os.makedirs(self.runtime, mode=0o700)
        if os.getuid() == 0:
            user = session_user()
            os.chown(self.runtime, user.pw_uid, user.pw_gid)
        config = os.path.join(self.dir, "config")
        with open(config, "w") as f:
            f.write("output %s resolution %dx%d position 0 0\nxwayland disable\n" % (OUTPUT, width, height))
        os.chmod(config, 0o644)
        cmd = self.user_command(["sway", "-c", config], "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1",
                                "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1")
        self.log = open(os.path.join(self.dir, "sway.log"), "wb")
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 30
        while not self.ipc():
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("sway did not start: see " + self.log.name)
            time.sleep(0.05)

    def ipc(self):
        names = [n for n in os.listdir(self.runtime) if n.startswith("sway-ipc.")]
        return os.path.join(self.runtime, names[0]) if names and os.path.exists(os.path.join(self.runtime, SOCKET)) else None

    def env(self, **extra):
        """This script's environment as a client of this sway's, without DISPLAY."""
        env = dict(os.environ, WAYLAND_DISPLAY=SOCKET, XDG_RUNTIME_DIR=self.runtime)
        env.pop("DISPLAY", None)
        env.update(extra)
        return env

    def user_command(self, command, *variables):
        """`command` as the session's user (livetext-test when run as root), in a clean environment
        of this sway's (and `variables`, NAME=value)."""
        env = ["PATH=/usr/bin:/bin", "HOME=" + self.dir, "XDG_RUNTIME_DIR=" + self.runtime,
               "WAYLAND_DISPLAY=" + SOCKET] + list(variables)
        return (["runuser", "-u", USER, "--"] if os.getuid() == 0 else []) + ["env", "-i"] + env + command

    def swaymsg(self, *args):
        subprocess.run(["swaymsg", "-s", self.ipc()] + list(args), stdout=subprocess.DEVNULL, check=True)

    def backdrop(self, colour):
        self.swaymsg("output", OUTPUT, "bg", colour, "solid_color")
        time.sleep(0.05)

    def grim(self, x=0, y=0, width=None, height=None):
        """The pixels shown in a rectangle (the whole output by default): `grim -t ppm`'s rgb bytes."""
        region = "%d,%d %dx%d" % (x, y, width or self.width, height or self.height)
        out = subprocess.run(["grim", "-g", region, "-t", "ppm", "-"], env=self.env(), capture_output=True,
                             check=True).stdout
        return ppm_pixels(out)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def session_user():
    """The passwd entry of livetext-test, the user made (a system user, no home) when missing."""
    try:
        return pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER], check=True)
        return pwd.getpwnam(USER)


def ppm_pixels(data):
    """The rgb bytes of a binary PPM of depth 255 (P6, as grim and ImageMagick write it)."""
    header = re.match(rb"P6\s+\d+\s+\d+\s+255\s", data)  # one whitespace byte, then the pixels
    if not header:
        raise ValueError("not an 8-bit binary PPM: %r" % data[:20])
    return data[header.end():]
