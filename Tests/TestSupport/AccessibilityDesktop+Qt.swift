import Foundation

/// A PyQt5 window on an `AccessibilityDesktop`, and how many times its timer has fired: an
/// application still answering counts on.
public struct QtWindow: Sendable {
    public let process: Process
    let ticksFile: URL

    /// The ticks so far (a timer every 50 ms writes its count).
    public func ticks() -> Int {
        (try? String(contentsOf: ticksFile, encoding: .utf8)).flatMap { Int($0) } ?? 0
    }
}

extension AccessibilityDesktop {
    /// A Qt 5 window at (`x`, `y`) with a read-only text edit holding `lines` in 20 px DejaVu
    /// Sans, its accessibility on (`QT_LINUX_ACCESSIBILITY_ALWAYS_ON`); returns once it is shown.
    public func qtWindow(_ lines: [String], x: Int = 40, y: Int = 40, width: Int = 600, height: Int = 300) async throws
        -> QtWindow {
        let script = runtime.appendingPathComponent("qt-\(UUID().uuidString).py")
        try Self.qtScript.write(to: script, atomically: true, encoding: .utf8)
        let specification = try JSONSerialization.data(withJSONObject: [
            "x": x, "y": y, "width": width, "height": height, "lines": lines,
        ])
        let ready = runtime.appendingPathComponent("ready-\(UUID().uuidString)")
        let ticks = runtime.appendingPathComponent("ticks-\(UUID().uuidString)")
        var environment = self.environment
        environment["QT_QPA_PLATFORM"] = "xcb"
        environment["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
        environment["QT_ACCESSIBILITY"] = "1"
        let process = try launch("/usr/bin/python3", [script.path, String(decoding: specification, as: UTF8.self),
                                                      ready.path, ticks.path], environment: environment)
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: ready.path) {
            guard process.isRunning, Date() < deadline else { throw TestFailure("the Qt window never showed") }
            try await Task.sleep(for: .milliseconds(30))
        }
        return QtWindow(process: process, ticksFile: ticks)
    }

    /// The Qt window: its specification as JSON, a file to create once it is shown, a file its
    /// timer counts in.
    static let qtScript = #"""
        import json, sys
        from PyQt5.QtCore import QTimer
        from PyQt5.QtGui import QFont
        from PyQt5.QtWidgets import QApplication, QTextEdit, QVBoxLayout, QWidget
        spec = json.loads(sys.argv[1]); ready = sys.argv[2]; ticks = sys.argv[3]
        app = QApplication(sys.argv[:1])
        window = QWidget(); window.setWindowTitle("qt test")
        window.move(spec["x"], spec["y"]); window.resize(spec["width"], spec["height"])
        layout = QVBoxLayout(window)
        edit = QTextEdit(); edit.setReadOnly(True); edit.setFont(QFont("DejaVu Sans", 15))
        edit.setPlainText("\n".join(spec["lines"]))
        layout.addWidget(edit)
        window.show()
        count = [0]
        def tick():
            count[0] += 1
            with open(ticks, "w") as out: out.write(str(count[0]))
        timer = QTimer(); timer.timeout.connect(tick); timer.start(50)
        QTimer.singleShot(500, lambda: open(ready, "w").close())
        sys.exit(app.exec_())
        """#
}
