import Foundation
import LiveTextInteraction

/// The scale the Live Text button, chips and menus are drawn at on a display.
///
/// What the display says first: `Xft.dpi` on X11 (what GNOME, KDE and xfce set for a HiDPI
/// screen; 192 is 2×), a Wayland output's scale. Without it, the variables users set for their
/// toolkits on a HiDPI screen under a bare window manager: `GDK_SCALE` (GTK, whole numbers), then
/// `QT_SCALE_FACTOR` (Qt, any factor); a value that is not a number between 0.5 and 8 is ignored.
/// Else the monitor's own density, from the size its panel reports: from 168 dpi up (a 4K laptop
/// panel, not a 27-inch 4K monitor at 163), its ratio to 96 in halves, at most 3. Else 1: one
/// pixel a point.
public enum InterfaceScale {
    public static func metrics(dotsPerInch: Double?, physicalDotsPerInch: Double? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> InterfaceMetrics {
        InterfaceMetrics(scale: scale(dotsPerInch: dotsPerInch, physicalDotsPerInch: physicalDotsPerInch, environment: environment))
    }

    public static func scale(dotsPerInch: Double?, physicalDotsPerInch: Double? = nil, environment: [String: String]) -> Double {
        if let dotsPerInch, dotsPerInch.isFinite, dotsPerInch > 0 { return dotsPerInch / 96 }
        for name in ["GDK_SCALE", "QT_SCALE_FACTOR"] {
            if let text = environment[name]?.trimmingCharacters(in: .whitespaces), let value = Double(text),
               value.isFinite, (0.5...8).contains(value) {
                return value
            }
        }
        if let physical = physicalDotsPerInch, physical.isFinite, physical >= 168 {
            return min(3, (physical / 96 * 2).rounded() / 2)
        }
        return 1
    }
}
