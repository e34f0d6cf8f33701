import Foundation

/// One widget of a Qt test window.
public enum QtWidget: Sendable {
    /// A `QLabel` showing its text (Qt publishes it as the label's name, no Text).
    case label(String)
    /// A `QLabel` wrapping its text at the window's width (published as one name all the same).
    case wrappedLabel(String)
    /// Text drawn with `QPainter` on a plain `QWidget`, published by nobody.
    case drawnText(String)
    /// A `QTableWidget` of `header` and `rows`, its row numbers shown at its left.
    case table(header: [String], rows: [[String]])
    /// A `QTableView` over a model of `rows` rows "rN aN bN …" under `header` (a million: a table
    /// no walk may read whole, cheap for Qt: cells are made as they are asked), scrolled to show
    /// `scrolledTo` first.
    case generatedTable(header: [String], rows: Int, scrolledTo: Int)

    var json: [String: Any] {
        switch self {
        case .label(let text): ["kind": "label", "text": text]
        case .wrappedLabel(let text): ["kind": "label", "text": text, "wrap": true]
        case .drawnText(let text): ["kind": "drawn", "text": text]
        case .table(let header, let rows): ["kind": "table", "header": header, "rows": rows]
        case .generatedTable(let header, let rows, let first):
            ["kind": "generated", "header": header, "count": rows, "first": first]
        }
    }
}

extension AccessibilityDesktop {
    /// A Qt 5 window (PyQt5) at (`x`, `y`) showing `widgets` top to bottom in 20 px DejaVu Sans,
    /// black on white, its accessibility on; returns once it is shown. Stopped with the desktop.
    @discardableResult
    public func qtWidgetsWindow(_ widgets: [QtWidget], x: Int = 40, y: Int = 40, width: Int = 600, height: Int = 300)
        async throws -> Process {
        var environment = self.environment
        environment["QT_QPA_PLATFORM"] = "xcb"
        environment["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
        environment["QT_ACCESSIBILITY"] = "1"
        return try await pythonWindow(Self.qtWidgetsScript, [
            "x": x, "y": y, "width": width, "height": height, "widgets": widgets.map(\.json),
        ], environment: environment, within: 30)
    }

    /// The Qt window: its specification as JSON, and a file to create once it is shown.
    static let qtWidgetsScript = #"""
        import json, sys
        from PyQt5.QtCore import QAbstractTableModel, QTimer, Qt
        from PyQt5.QtGui import QColor, QFont, QPainter
        from PyQt5.QtWidgets import (QAbstractItemView, QApplication, QLabel, QTableView, QTableWidget,
                                     QTableWidgetItem, QVBoxLayout, QWidget)
        spec = json.loads(sys.argv[1]); ready = sys.argv[2]
        app = QApplication(sys.argv[:1])
        font = QFont("DejaVu Sans"); font.setPixelSize(20)
        class Canvas(QWidget):
            def __init__(self, text):
                super().__init__(); self.text = text; self.setFixedSize(500, 30)
            def paintEvent(self, event):
                painter = QPainter(self); painter.setPen(QColor(0, 0, 0)); painter.setFont(font)
                painter.drawText(0, 24, self.text); painter.end()
        class Generated(QAbstractTableModel):
            def __init__(self, header, count):
                super().__init__(); self.header = header; self.count = count
            def rowCount(self, parent=None): return self.count
            def columnCount(self, parent=None): return len(self.header)
            def data(self, index, role=Qt.DisplayRole):
                if role != Qt.DisplayRole: return None
                row, column = index.row(), index.column()
                return "r%d" % row if column == 0 else "%s%d" % ("abcdefghijklmnopqrstuvwxyz"[column % 26], row)
            def headerData(self, section, orientation, role=Qt.DisplayRole):
                if role != Qt.DisplayRole: return None
                return self.header[section] if orientation == Qt.Horizontal else str(section + 1)
        window = QWidget(); window.setWindowTitle("qt widgets")
        window.move(spec["x"], spec["y"]); window.resize(spec["width"], spec["height"])
        window.setStyleSheet("background: #fff; color: #000")
        layout = QVBoxLayout(window); layout.setContentsMargins(16, 16, 16, 16); layout.setSpacing(12)
        scroll = []
        for widget in spec["widgets"]:
            kind = widget["kind"]
            if kind == "label":
                label = QLabel(widget["text"]); label.setFont(font); label.setWordWrap(widget.get("wrap", False))
                layout.addWidget(label)
            elif kind == "drawn":
                layout.addWidget(Canvas(widget["text"]))
            elif kind == "table":
                table = QTableWidget(len(widget["rows"]), len(widget["header"])); table.setFont(font)
                table.setHorizontalHeaderLabels(widget["header"])
                for r, row in enumerate(widget["rows"]):
                    for c, text in enumerate(row): table.setItem(r, c, QTableWidgetItem(text))
                layout.addWidget(table)
            elif kind == "generated":
                view = QTableView(); view.setFont(font)
                model = Generated(widget["header"], widget["count"]); view.setModel(model)
                view.verticalHeader().setDefaultSectionSize(30)
                layout.addWidget(view)
                scroll.append((view, model.index(widget["first"], 0)))
        if not any(w["kind"] in ("table", "generated") for w in spec["widgets"]): layout.addStretch(1)
        window.show()
        for view, index in scroll: view.scrollTo(index, QAbstractItemView.PositionAtTop)
        QTimer.singleShot(500, lambda: open(ready, "w").close())
        sys.exit(app.exec_())
        """#
}
