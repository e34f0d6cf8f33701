// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "livetext",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "livetext", targets: ["livetext"]),
        .library(name: "LiveTextCore", targets: ["LiveTextCore"]),
        .library(name: "LiveTextDetectors", targets: ["LiveTextDetectors"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Thin C modules: one per system library, nothing but headers and link flags.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept",
                       providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar",
                       providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxrandr-dev",
                                                 "libxinerama-dev", "libxfixes-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        // C modules with code: the client side of the Wayland protocols livetext speaks,
        // generated from the XML in its xml/ folder by scripts/regen-wayland-protocols.
        .target(name: "CWaylandProtocols", exclude: ["xml"]),
        // The other: a consumer of one PipeWire video stream that keeps its newest frame, behind a
        // header of its own (PipeWire's inline helpers and macros stay in C; libpipewire-0.3-dev's
        // include folders are named here because its pkg-config flags carry one SwiftPM refuses).
        .target(name: "CPipeWireFrames",
                cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2"])],
                linkerSettings: [.linkedLibrary("pipewire-0.3")]),

        // The pure-Swift core: image model, analysis model, preprocessing, analyzer.
        .target(name: "LiveTextCore"),

        // Data detectors and quick actions: pure Swift over text.
        .target(name: "LiveTextDetectors", dependencies: ["LiveTextCore"]),

        // Adapters: each turns one C library into core types.
        .target(name: "TesseractOCR", dependencies: ["CTesseract", "LiveTextCore"]),
        .target(name: "ImageCodecs", dependencies: ["CLeptonica", "LiveTextCore"]),
        .target(name: "ZBarCodes", dependencies: ["CZBar", "LiveTextCore"]),

        // X11: capture, region selection, the clipboard, hotkeys and typing, each on its own
        // display connection.
        .target(name: "X11Kit", dependencies: ["CX11", "LiveTextCore"]),
        // Wayland: capture, the clipboard and typing on compositors that offer the wlr protocols.
        .target(name: "WaylandKit", dependencies: ["CWayland", "CWaylandProtocols", "CXKBCommon", "LiveTextCore"]),
        // PipeWire: a screen cast's frames as pixel images (GNOME's and KDE's screen casts).
        .target(name: "PipeWireKit", dependencies: ["CPipeWireFrames", "LiveTextCore"]),
        // The desktop wired to the analysis: capture requests, clipboard images, copying and typing.
        .target(name: "LiveTextDesktop", dependencies: ["Accessibility", "DesktopPortals", "X11Kit", "WaylandKit", "LiveTextCore", "LiveTextConfig", "LiveTextInteraction",
                                                     "LiveTextPreview", "FontRendering"]),

        // The interaction model, pure values over an analysis: interaction types and what each
        // offers, the supplementary interface's layout, hit testing, text selection in reading order.
        .target(name: "LiveTextInteraction", dependencies: ["LiveTextCore"]),

        // Fonts: fontconfig picks the face for a family and weight, FreeType draws its glyphs.
        .target(name: "FontRendering", dependencies: ["CFreeType", "CFontconfig"]),
        // The supplementary interface drawn over a capture: highlights, underlines, quick-action
        // chips and the Live Text button, inside the content insets.
        .target(name: "LiveTextPreview", dependencies: ["LiveTextCore", "LiveTextInteraction", "FontRendering"]),

        // D-Bus: a Swift layer over libdbus-1 (connection, messages, exported objects).
        .target(name: "DBusKit", dependencies: ["CDBus"]),
        // The desktops' own D-Bus services where the Wayland protocols are missing (GNOME, KDE):
        // xdg-desktop-portal, the permission store, KWin's ScreenShot2, mutter's ScreenCast.
        .target(name: "DesktopPortals", dependencies: ["DBusKit", "ImageCodecs", "LiveTextCore", "PipeWireKit"]),
        // The accessibility bus (AT-SPI): the text applications publish, where they drew it.
        .target(name: "Accessibility", dependencies: ["DBusKit", "LiveTextCore"]),
        // The user's settings file.
        .target(name: "LiveTextConfig", dependencies: [
            "LiveTextCore", "LiveTextInteraction", .product(name: "TOMLKit", package: "TOMLKit"),
        ]),

        // Wiring: the analyzer with the real engines.
        .target(name: "LiveTextEngines",
                dependencies: ["LiveTextCore", "LiveTextDetectors", "TesseractOCR", "ImageCodecs", "ZBarCodes"]),

        // Desktop notifications: the client of org.freedesktop.Notifications, and an analysis'
        // offer shown in one, with its preview.
        .target(name: "LiveTextNotifications", dependencies: [
            "DBusKit", "LiveTextCore", "LiveTextDetectors", "LiveTextConfig", "LiveTextInteraction", "LiveTextPreview",
        ]),

        // The org.livetext session service.
        .target(name: "LiveTextService", dependencies: [
            "DBusKit", "LiveTextCore", "LiveTextDetectors", "LiveTextEngines", "LiveTextConfig", "LiveTextDesktop",
            "LiveTextInteraction", "LiveTextNotifications",
        ]),

        .executableTarget(name: "livetext", dependencies: [
            "Accessibility", "DesktopPortals", "LiveTextCore", "LiveTextEngines", "LiveTextDetectors", "LiveTextService", "LiveTextConfig", "DBusKit",
            "LiveTextDesktop", "ImageCodecs", "LiveTextInteraction", "LiveTextNotifications", "LiveTextPreview",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "LiveTextCoreTests", dependencies: ["LiveTextCore", "TestSupport"]),
        .testTarget(name: "AdapterTests",
                    dependencies: ["LiveTextCore", "LiveTextDetectors", "LiveTextInteraction", "TesseractOCR", "ZBarCodes", "LiveTextEngines", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "DetectorTests", dependencies: ["LiveTextDetectors", "LiveTextCore", "TestSupport"],
                    exclude: ["Fixtures"]),
        // A private dbus-daemon and command-line clients, for the tests that need a bus.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit", "TestSupport"]),
        // The accessibility reader against Xvfb, at-spi2-core's bus and real GTK 3 windows.
        .testTarget(name: "AccessibilityTests", dependencies: ["Accessibility", "DBusKit", "LiveTextCore", "LiveTextDesktop",
                                                                "TestSupport", "livetext"]),
        .testTarget(name: "ServiceTests", dependencies: ["DBusKit", "TestSupport", "livetext", "LiveTextService"]),
        .testTarget(name: "ConfigTests", dependencies: ["LiveTextConfig", "LiveTextCore", "LiveTextInteraction", "TestSupport"]),
        .testTarget(name: "LiveTextInteractionTests", dependencies: ["LiveTextInteraction", "LiveTextCore"]),
        // The service, the pipeline and the hotkeys built in the test process: handlers called
        // directly, a stand-in desktop, a private bus and Xvfb.
        .testTarget(name: "ServiceInProcessTests",
                    dependencies: ["LiveTextService", "LiveTextDesktop", "LiveTextEngines", "LiveTextDetectors",
                                   "LiveTextConfig", "LiveTextCore", "LiveTextInteraction", "DBusKit", "X11Kit", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["livetext", "TestSupport"]),
        .testTarget(name: "PreviewTests",
                    dependencies: ["LiveTextPreview", "FontRendering", "ImageCodecs", "LiveTextCore", "LiveTextInteraction"]),
        .testTarget(name: "NotificationTests",
                    dependencies: ["LiveTextNotifications", "DBusKit", "LiveTextCore", "LiveTextDetectors",
                                   "LiveTextInteraction", "TestSupport"]),
        // The surface in-process, and `livetext live` (built for it) seen from another client.
        .testTarget(name: "X11Tests", dependencies: ["X11Kit", "CX11", "LiveTextCore", "TestSupport", "livetext"]),
        // WaylandKit against a headless sway (TestSupport.SwayServer), compared with grim and wl-clipboard.
        // DesktopPortals against headless gnome-shell and kwin_wayland (TestSupport.KWinServer) with
        // their portals; a Wayland-native window through WaylandKit's viewer window.
        .testTarget(name: "DesktopTests", dependencies: ["DesktopPortals", "DBusKit", "LiveTextCore", "LiveTextDesktop", "LiveTextConfig", "PipeWireKit",
                                                         "ImageCodecs", "WaylandKit",
                                                         "TestSupport", "livetext"]),
        .testTarget(name: "WaylandTests", dependencies: ["WaylandKit", "CWayland", "CWaylandProtocols", "CXKBCommon", "LiveTextCore",
                                                         "TestSupport"]),
        // ARCHITECTURE.md's module table held against the sources and this file.
        .testTarget(name: "ArchitectureTests"),
    ],
    swiftLanguageModes: [.v6]
)
