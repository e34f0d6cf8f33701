import ArgumentParser

/// What happens to a result besides printing it: the clipboard, or the focused window.
struct DeliveryOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Put the result on the clipboard: the text and code payloads, or with --only the matched values. "
            + "It stays there after livetext exits. Nothing found: the clipboard is left as it was."))
    var copy = false

    @Flag(help: "With --copy, also put it on PRIMARY (middle-click paste).")
    var primary = false

    @Flag(name: .customLong("type"),
          help: "Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).")
    var typeResult = false

    var isSet: Bool { copy || typeResult }

    func validate() throws {
        if primary, !copy { throw ValidationError("--primary goes with --copy") }
    }
}
