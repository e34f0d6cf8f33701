import LiveTextCore
import LiveTextDesktop
import LiveTextInteraction
import Testing

/// The interface's size on a HiDPI screen without `Xft.dpi`, and kept off the panels.
@Suite("the interface's scale and place")
struct InterfaceScaleTests {
    @Test("Xft.dpi (or an output's scale) wins; else GDK_SCALE, then QT_SCALE_FACTOR; nonsense is ignored; else the monitor's physical density from 168 dpi; else 1")
    func scale() {
        #expect(InterfaceScale.scale(dotsPerInch: 192, environment: ["GDK_SCALE": "3"]) == 2)
        #expect(InterfaceScale.scale(dotsPerInch: nil, environment: ["GDK_SCALE": "2", "QT_SCALE_FACTOR": "1.5"]) == 2)
        #expect(InterfaceScale.scale(dotsPerInch: nil, environment: ["QT_SCALE_FACTOR": "1.5"]) == 1.5)
        #expect(InterfaceScale.scale(dotsPerInch: nil, environment: ["GDK_SCALE": "huge", "QT_SCALE_FACTOR": "1e9"]) == 1)
        #expect(InterfaceScale.scale(dotsPerInch: nil, environment: ["GDK_SCALE": "-2", "QT_SCALE_FACTOR": "nan"]) == 1)
        #expect(InterfaceScale.scale(dotsPerInch: nil, environment: [:]) == 1)
        // Last, the panel's own density: a 15.6-inch 4K laptop panel (344 mm, 283 dpi) is 3×, a
        // 13-inch 2560-wide one (286 mm, 227 dpi) 2.5×; a 27-inch 4K monitor (597 mm, 163 dpi) and
        // a TV claiming 16 cm across stay 1×; the user's variables win over it.
        func physical(_ width: Int, _ millimetres: Int) -> Double? {
            Monitor(name: "m", bounds: Bounds(x: 0, y: 0, width: width, height: 1000), isPrimary: true,
                    widthMillimetres: millimetres).physicalDotsPerInch
        }
        #expect(InterfaceScale.scale(dotsPerInch: nil, physicalDotsPerInch: physical(3840, 344), environment: [:]) == 3)
        #expect(InterfaceScale.scale(dotsPerInch: nil, physicalDotsPerInch: physical(2560, 286), environment: [:]) == 2.5)
        #expect(InterfaceScale.scale(dotsPerInch: nil, physicalDotsPerInch: physical(3840, 597), environment: [:]) == 1)
        #expect(physical(1920, 16) == nil && physical(1920, 0) == nil)
        #expect(InterfaceScale.scale(dotsPerInch: nil, physicalDotsPerInch: physical(3840, 344), environment: ["GDK_SCALE": "2"]) == 2)
        #expect(InterfaceScale.scale(dotsPerInch: 96, physicalDotsPerInch: physical(3840, 344), environment: [:]) == 1)
        // A 4K screen with GDK_SCALE=2: 44 px chips, not 22.
        #expect(InterfaceScale.metrics(dotsPerInch: nil, environment: ["GDK_SCALE": "2"]).chipHeight == 44)
    }

    @Test("a work area ending 40 px above the bottom: the button sits above the panel, the insets asked for kept on top of it")
    func workArea() {
        let metrics = InterfaceMetrics(scale: 2)
        let interface = SupplementaryInterface(contentInsets: EdgeInsets(top: 0, left: 0, bottom: 10, right: 5))
        let placed = interface.inside(Bounds(x: 0, y: 30, width: 1000, height: 530), width: 1000, height: 600, metrics: metrics)
        // 40 px at scale 2 are 20 points, added to the 10 asked for; the top gains 15 points.
        #expect(placed.contentInsets == EdgeInsets(top: 15, left: 0, bottom: 30, right: 5))
        let layout = InterfaceLayout(width: 1000, height: 600, interface: placed, metrics: metrics, chipTitles: [],
                                     liveTextButton: true, measure: { $0.count * 7 })
        let button = layout.button
        #expect(button != nil && button!.maxY <= 560 - 20, "\(String(describing: button))")
        #expect(interface.inside(nil, width: 1000, height: 600, metrics: metrics) == interface)
    }
}
