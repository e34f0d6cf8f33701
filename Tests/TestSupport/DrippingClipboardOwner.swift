import Foundation

/// A hostile CLIPBOARD owner, a small Xlib program built at test time: it offers `image/png`,
/// answers a request for it with INCR (announcing `announced` bytes, so the transfer looks
/// normal) and then sends one byte each `interval` after the requestor took the last one, for
/// ever; TARGETS it answers at once, to any number of requestors. It writes what happens to a
/// log, a line each: `owner <window>` once it owns CLIPBOARD, `incr <requestor>` when a
/// transfer starts, `byte <requestor> <n>` for each byte sent, `gone <requestor>` when a
/// requestor's window is destroyed (its connection closed), `cleared` when another program took
/// CLIPBOARD (transfers under way go on). Killed by `stop()` or on deinit.
public final class DrippingClipboardOwner: @unchecked Sendable {
    public let process: Process
    private let log: URL
    /// The window that owns CLIPBOARD; its WM_CLASS is `hostile-owner/HostileOwner`.
    public private(set) var window: UInt = 0

    public static let wmClass = "hostile-owner/HostileOwner"

    private init(process: Process, log: URL) {
        self.process = process
        self.log = log
    }

    /// Starts the owner on `server` and waits (up to 30 s) until it owns CLIPBOARD.
    public static func start(on server: TestDisplay, interval: Duration = .seconds(2),
                             announced: Int = 100_000) async throws -> DrippingClipboardOwner {
        let program = try await built()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("dripping-owner-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        let milliseconds = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        process.arguments = [log.path, String(milliseconds), String(announced)]
        process.environment = ProcessInfo.processInfo.environment.merging(server.environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let owner = DrippingClipboardOwner(process: process, log: log)
        let line = try await owner.waitForLine(startingWith: "owner ", within: .seconds(30))
        owner.window = UInt(line.split(separator: " ")[1]) ?? 0
        return owner
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: log)
    }

    /// SIGKILL (the test runner's signal mask, which children inherit, may hold back SIGTERM).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The log's lines so far.
    public var lines: [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The first line starting with `prefix`, once it is logged; throws after `limit` (a hang
    /// guard) or when the owner died.
    public func waitForLine(startingWith prefix: String, within limit: Duration = .seconds(30)) async throws -> String {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            guard process.isRunning else { throw TestFailure("the dripping owner exited (\(process.terminationStatus)): \(lines)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("the dripping owner never logged '\(prefix)' within \(limit): \(lines)")
    }

    /// The program, built once per test process with the C compiler beside `swift` (or `cc`).
    private static func built() async throws -> String {
        try await builder.program()
    }

    private static let builder = Builder()

    private actor Builder {
        private var path: String?

        func program() async throws -> String {
            if let path { return path }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dripping-owner-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let source = directory.appendingPathComponent("owner.c"), binary = directory.appendingPathComponent("owner")
            try DrippingClipboardOwner.source.write(to: source, atomically: true, encoding: .utf8)
            let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
            guard let compiler = (searchPath.split(separator: ":").map { "\($0)/clang" } + ["/usr/bin/cc"])
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw TestFailure("no C compiler to build the dripping owner")
            }
            let result = try await runCommand(compiler, ["-O1", "-o", binary.path, source.path, "-lX11"])
            guard result.status == 0 else { throw TestFailure("building the dripping owner failed: \(result.stderr)") }
            path = binary.path
            return binary.path
        }
    }

    private static let source = #"""
        #include <X11/Xatom.h>
        #include <X11/Xlib.h>
        #include <X11/Xutil.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <sys/select.h>
        #include <time.h>

        typedef struct { Window requestor; Atom property; int waiting; double due; long sent; } Transfer;
        static Transfer transfers[256];
        static int count;
        static FILE *logFile;

        static double now(void) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            return t.tv_sec + t.tv_nsec / 1e9;
        }

        static int ignoreErrors(Display *display, XErrorEvent *event) { (void)display; (void)event; return 0; }

        int main(int argc, char **argv) {
            if (argc < 4) return 64;
            logFile = fopen(argv[1], "a");
            if (!logFile) return 65;
            setvbuf(logFile, NULL, _IOLBF, 0);
            double interval = atof(argv[2]) / 1000.0;
            long announced = atol(argv[3]);
            Display *d = XOpenDisplay(NULL);
            if (!d) return 66;
            XSetErrorHandler(ignoreErrors);
            Window w = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
            XClassHint hint = { "hostile-owner", "HostileOwner" };
            XSetClassHint(d, w, &hint);
            Atom clipboard = XInternAtom(d, "CLIPBOARD", False), targets = XInternAtom(d, "TARGETS", False);
            Atom png = XInternAtom(d, "image/png", False), incr = XInternAtom(d, "INCR", False);
            XSetSelectionOwner(d, clipboard, w, CurrentTime);
            if (XGetSelectionOwner(d, clipboard) != w) return 67;
            fprintf(logFile, "owner %lu\n", w);
            static const unsigned char signature[] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
            for (;;) {
                while (XPending(d)) {
                    XEvent event;
                    XNextEvent(d, &event);
                    if (event.type == SelectionRequest) {
                        XSelectionRequestEvent *request = &event.xselectionrequest;
                        XSelectionEvent reply = { .type = SelectionNotify, .display = d, .requestor = request->requestor,
                                                  .selection = request->selection, .target = request->target,
                                                  .property = request->property ? request->property : request->target,
                                                  .time = request->time };
                        if (request->target == targets) {
                            Atom offered[2] = { targets, png };
                            XChangeProperty(d, request->requestor, reply.property, XA_ATOM, 32, PropModeReplace,
                                            (unsigned char *)offered, 2);
                        } else if (request->target == png && count < 256) {
                            long size = announced;
                            XSelectInput(d, request->requestor, PropertyChangeMask | StructureNotifyMask);
                            XChangeProperty(d, request->requestor, reply.property, incr, 32, PropModeReplace,
                                            (unsigned char *)&size, 1);
                            transfers[count++] = (Transfer){ request->requestor, reply.property, 0, 0, 0 };
                            fprintf(logFile, "incr %lu\n", request->requestor);
                        } else {
                            reply.property = None;
                        }
                        XSendEvent(d, request->requestor, False, 0, (XEvent *)&reply);
                        XFlush(d);
                    } else if (event.type == PropertyNotify && event.xproperty.state == PropertyDelete) {
                        for (int i = 0; i < count; i++) {
                            Transfer *t = &transfers[i];
                            if (t->requestor == event.xproperty.window && t->property == event.xproperty.atom && !t->waiting) {
                                t->waiting = 1;
                                t->due = now() + interval;
                            }
                        }
                    } else if (event.type == DestroyNotify) {
                        for (int i = 0; i < count; i++) {
                            if (transfers[i].requestor == event.xdestroywindow.window) {
                                fprintf(logFile, "gone %lu\n", transfers[i].requestor);
                                transfers[i--] = transfers[--count];
                            }
                        }
                    } else if (event.type == SelectionClear) {
                        /* Another program copied: transfers under way go on dripping. */
                        fprintf(logFile, "cleared\n");
                    }
                }
                double wake = now() + 1;
                for (int i = 0; i < count; i++) {
                    Transfer *t = &transfers[i];
                    if (!t->waiting) continue;
                    if (t->due <= now()) {
                        unsigned char byte = signature[t->sent % sizeof signature];
                        XChangeProperty(d, t->requestor, t->property, png, 8, PropModeReplace, &byte, 1);
                        XFlush(d);
                        t->waiting = 0;
                        t->sent++;
                        fprintf(logFile, "byte %lu %ld\n", t->requestor, t->sent);
                    } else if (t->due < wake) {
                        wake = t->due;
                    }
                }
                double left = wake - now();
                if (left < 0) left = 0;
                struct timeval timeout = { (long)left, (long)((left - (long)left) * 1e6) };
                fd_set readable;
                FD_ZERO(&readable);
                FD_SET(ConnectionNumber(d), &readable);
                if (!XPending(d)) select(ConnectionNumber(d) + 1, &readable, NULL, NULL, &timeout);
            }
        }
        """#
}
