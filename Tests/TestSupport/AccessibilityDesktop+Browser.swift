import Foundation

/// A browser of Debian's on an `AccessibilityDesktop`, showing a page of known text
/// (`scripts/setup-debian` installs both).
public enum TestBrowser: String, Sendable, CaseIterable {
    case firefox = "/usr/bin/firefox-esr"
    case chromium = "/usr/bin/chromium"
}

extension AccessibilityDesktop {
    /// `browser` at the screen's corner, `width` × `height`, showing `html` from a file, on a
    /// profile of its own made for the test (no first-run pages, bars or dialogs); stopped with
    /// the desktop. Returns at once: the page's text is on the accessibility bus some seconds
    /// later. Both publish only when `org.a11y.Status` `IsEnabled` is on (what
    /// `livetext desktop --enable-accessibility` sets), Chromium 156 only when started with
    /// `--force-renderer-accessibility` besides (measured: neither alone is enough).
    @discardableResult
    public func browserWindow(_ browser: TestBrowser, html: String, width: Int = 800, height: Int = 500) throws -> Process {
        let page = runtime.appendingPathComponent("page-\(UUID().uuidString).html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let profile = runtime.appendingPathComponent("profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var environment = self.environment
        environment["HOME"] = profile.path
        switch browser {
        case .firefox:
            try Self.firefoxPreferences.write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
            return try launch(browser.rawValue, ["--no-remote", "--profile", profile.path, "--width", String(width),
                                                 "--height", String(height), page.absoluteString], environment: environment)
        case .chromium:
            // --no-sandbox: the tests may run as root, where Chromium's sandbox refuses to start;
            // --test-type leaves out the bar that warns of it.
            return try launch(browser.rawValue, [
                "--no-sandbox", "--test-type", "--force-renderer-accessibility", "--user-data-dir=\(profile.path)",
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--password-store=basic",
                "--disable-features=Translate", "--window-position=0,0", "--window-size=\(width),\(height)",
                page.absoluteString,
            ], environment: environment)
        }
    }

    /// A fresh Firefox profile's first-run pages, notification bars and checks, turned off.
    static let firefoxPreferences = """
        user_pref("browser.shell.checkDefaultBrowser", false);
        user_pref("browser.startup.homepage_override.mstone", "ignore");
        user_pref("browser.aboutwelcome.enabled", false);
        user_pref("startup.homepage_welcome_url", "");
        user_pref("startup.homepage_welcome_url.additional", "");
        user_pref("datareporting.policy.dataSubmissionEnabled", false);
        user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);
        user_pref("datareporting.policy.firstRunURL", "");
        user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
        user_pref("app.update.disabledForTesting", true);
        user_pref("browser.tabs.firefox-view", false);

        """
}
