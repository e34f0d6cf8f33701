import Foundation
import Testing
import TestSupport

/// Nothing of a command may still run when the process exits: `exit` finalizes the libraries
/// (libX11 frees its locks, libtesseract its globals) while other threads go on. `livetext
/// clipboard` with an image over the limit answered exit 3, then crashed at exit in 2 runs of 22:
/// the X connection was closed by the X queue's thread after `exit` began, and an engine loaded
/// ahead of time was still loading. The race is rare as it comes; a preloaded library makes it
/// certain. It lets `exit` linger, makes engine loads and display closes that start before the
/// exit wait for it, and aborts with a line on stderr if either runs after the exit began.
@Suite("livetext exits with nothing of its work still running")
struct ExitTests {
    static let shimSource = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdatomic.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>
        #include <unistd.h>

        static atomic_int exiting;

        static void pause_ms(long ms) {
            struct timespec t = {0, ms * 1000000};
            nanosleep(&t, 0);
        }

        static void waitForExit(int ms) {
            for (int i = 0; i < ms / 10 && !atomic_load(&exiting); i++) pause_ms(10);
        }

        static void refuseDuringExit(const char *what) {
            if (!atomic_load(&exiting)) return;
            write(2, "exit-shim: ", 11);
            write(2, what, strlen(what));
            write(2, " while the process exits\n", 25);
            abort();
        }

        void exit(int status) {
            void (*real)(int) = (void (*)(int))dlsym(RTLD_NEXT, "exit");
            atomic_store(&exiting, 1);
            pause_ms(200);
            real(status);
            __builtin_unreachable();
        }

        int TessBaseAPIInit2(void *handle, const char *path, const char *language, int mode) {
            int (*real)(void *, const char *, const char *, int) = dlsym(RTLD_NEXT, "TessBaseAPIInit2");
            waitForExit(1000);
            refuseDuringExit("an OCR engine loads");
            return real(handle, path, language, mode);
        }

        int XCloseDisplay(void *display) {
            int (*real)(void *) = dlsym(RTLD_NEXT, "XCloseDisplay");
            waitForExit(300);
            refuseDuringExit("an X display closes");
            return real(display);
        }
        """#

    /// The shim, built with the C compiler beside `swift` (or `cc`).
    static func buildShim() async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = directory.appendingPathComponent("shim.c"), library = directory.appendingPathComponent("shim.so")
        try shimSource.write(to: source, atomically: true, encoding: .utf8)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let compiler = (path.split(separator: ":").map { "\($0)/clang" } + ["/usr/bin/cc"])
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let built = try await runCommand(try #require(compiler), ["-shared", "-fPIC", "-o", library.path, source.path, "-ldl"])
        try #require(built.status == 0, "\(built.stderr)")
        return library.path
    }

    @Test("clipboard refusing an image over the limit, or holding none, exits 3 with no engine or display still at work",
          arguments: [["clipboard", "--max-pixels", "100"], ["clipboard"]])
    func clipboardExit(arguments: [String]) async throws {
        let shim = try await Self.buildShim()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: shim).deletingLastPathComponent().path) }
        try await TestDisplay.with(width: 320, height: 200) { server in
            let holdsImage = arguments.contains("--max-pixels")
            let owner = holdsImage
                ? try XPeers.xclipOwning(file: CLIProcess.fixture("text-light-15px.png"), type: "image/png", on: server)
                : try XPeers.xclipOwning(text: "just words", on: server)
            defer { owner.terminate() }
            try await XPeers.waitForClipboard(on: server)
            for _ in 0..<3 {
                let result = try await XPeers.livetext(arguments, on: server, environment: ["LD_PRELOAD": shim])
                #expect(result.status == 3, "\(result.stderr)")
                #expect(!result.stderr.contains("exit-shim"), "\(result.stderr)")
                #expect(result.stderr.contains(holdsImage ? "over the limit" : "no image"), "\(result.stderr)")
            }
        }
    }
}
