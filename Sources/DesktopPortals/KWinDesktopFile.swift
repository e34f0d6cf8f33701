import Foundation

/// The desktop file through which KWin grants livetext what it keeps from other programs: KWin
/// (5.27: `checkPermissions` of its ScreenShot2, `X-KDE-Wayland-Interfaces` for fake input)
/// looks up the calling process's `/proc/PID/exe` among the `Exec=` lines of the installed
/// desktop files (an absolute path, its first word; a symbolic link to the binary counts) and
/// grants the interfaces that file lists. `make install` and the Debian package install it.
public enum KWinDesktopFile {
    /// Its name, after livetext's application id (`org.livetext`, its bus name), under
    /// `share/applications`.
    public static let fileName = "org.livetext.desktop"
    /// The key that lists the D-Bus interfaces KWin restricts.
    public static let restrictedInterfacesKey = "X-KDE-DBUS-Restricted-Interfaces"

    /// The binary this process runs, as KWin sees it (`/proc/self/exe`); nil where there is no /proc.
    public static var runningExecutable: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// What KWin's refusal of `interface` means and how to cure it, naming this process's binary.
    static func refusal(of interface: String, by service: String) -> String {
        let binary = runningExecutable ?? "the livetext binary"
        return "\(service) refused: KWin lets a program use \(interface) only when an installed desktop file "
            + "names its binary in Exec= and lists \(interface) in \(restrictedInterfacesKey). Install "
            + "\(fileName) with Exec=\(binary) into /usr/share/applications, /usr/local/share/applications or "
            + "~/.local/share/applications (`make install` and the Debian package install it), then try again"
    }
}
