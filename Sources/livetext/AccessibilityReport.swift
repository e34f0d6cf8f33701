import Accessibility
import LiveTextCore

/// What `livetext desktop` says of the accessibility bus: whether it is there, and whether
/// applications that publish their text only on request (Firefox, Chromium, Qt outside X11) are asked to.
struct AccessibilityReport {
    let status: AccessibilityStatus

    var document: OrderedJSON {
        .object([("bus", .bool(status.busPresent)),
                 ("enabled", status.isEnabled.map(OrderedJSON.bool) ?? .null),
                 ("screenReader", status.screenReaderEnabled.map(OrderedJSON.bool) ?? .null)])
    }

    var text: String {
        guard status.busPresent else {
            return "accessibility: no accessibility bus (at-spi2-core's bus launcher does not run): "
                + "capture reads everything with OCR\n"
        }
        if status.isEnabled == true {
            return "accessibility: the bus is there and applications are asked to publish their text: "
                + "capture takes it exactly where it is drawn\n"
        }
        return "accessibility: the bus is there; GTK, VTE and Qt on X11 publish their text, Firefox, Chromium and Qt "
            + "elsewhere only when asked (org.a11y.Status IsEnabled is off): --enable-accessibility asks them\n"
    }

    /// `document` added to the desktop report's JSON object.
    static func adding(_ report: AccessibilityReport, to document: OrderedJSON) -> OrderedJSON {
        guard case .object(let members) = document else { return document }
        return .object(members + [("accessibility", report.document)])
    }
}
