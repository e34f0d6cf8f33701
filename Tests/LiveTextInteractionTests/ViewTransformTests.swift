import LiveTextCore
import LiveTextInteraction
import Testing

@Suite("The image ↔ view transform of a zoomed, panned image")
struct ViewTransformTests {
    @Test("fit: a large image shrinks into the view, centred along the spare axis; a small one stays 1:1, centred")
    func fit() {
        let large = ViewTransform(imageWidth: 2000, imageHeight: 1000, viewWidth: 800, viewHeight: 600)
        #expect(large.scale == 0.4 && large.fitsView)
        #expect(large.origin == PixelPoint(x: 0, y: 100))
        #expect(large.imageInView == Bounds(x: 0, y: 100, width: 800, height: 400))
        let small = ViewTransform(imageWidth: 520, imageHeight: 96, viewWidth: 520, viewHeight: 150)
        #expect(small.scale == 1)
        #expect(small.origin == PixelPoint(x: 0, y: 27))
    }

    @Test("points and rectangles map both ways; rectangles round outwards to whole pixels")
    func mapping() {
        var view = ViewTransform(imageWidth: 400, imageHeight: 300, viewWidth: 400, viewHeight: 300)
        view.zoom(to: 2, about: PixelPoint(x: 0, y: 0))
        #expect(view.origin == PixelPoint(x: 0, y: 0))
        let point = PixelPoint(x: 37.5, y: 12.25)
        #expect(view.viewPoint(point) == PixelPoint(x: 75, y: 24.5))
        #expect(view.imagePoint(view.viewPoint(point)) == point)
        #expect(view.viewRect(Bounds(x: 10, y: 20, width: 30, height: 5)) == Bounds(x: 20, y: 40, width: 60, height: 10))
        #expect(view.imageRect(Bounds(x: 20, y: 40, width: 60, height: 10)) == Bounds(x: 10, y: 20, width: 30, height: 5))
        // Odd view pixels cover a whole image pixel each side.
        #expect(view.imageRect(Bounds(x: 21, y: 41, width: 1, height: 1)) == Bounds(x: 10, y: 20, width: 1, height: 1))
        view.zoom(to: 1.5, about: PixelPoint(x: 0, y: 0))
        #expect(view.viewRect(Bounds(x: 1, y: 1, width: 1, height: 1)) == Bounds(x: 1, y: 1, width: 2, height: 2))
    }

    @Test("zooming about a point keeps the image point under it fixed, in and out, wherever it is")
    func zoomAboutPoint() {
        var view = ViewTransform(imageWidth: 1000, imageHeight: 800, viewWidth: 500, viewHeight: 400)
        for anchor in [PixelPoint(x: 123, y: 321), PixelPoint(x: 250, y: 200), PixelPoint(x: 499, y: 1)] {
            view.zoom(to: 3, about: PixelPoint(x: 250, y: 200))
            let under = view.imagePoint(anchor)
            view.zoom(by: ViewTransform.step, about: anchor)
            #expect(abs(view.imagePoint(anchor).x - under.x) < 1e-9 && abs(view.imagePoint(anchor).y - under.y) < 1e-9)
            view.zoom(by: 1 / ViewTransform.step, about: anchor)
            #expect(abs(view.imagePoint(anchor).x - under.x) < 1e-9 && abs(view.imagePoint(anchor).y - under.y) < 1e-9)
        }
        #expect(!view.fitsView)
    }

    @Test("zoom stays between fitting and 32×; actual size is 1:1 about the view's centre")
    func zoomLimits() {
        var view = ViewTransform(imageWidth: 1000, imageHeight: 800, viewWidth: 500, viewHeight: 400)
        view.zoom(to: 0.01, about: PixelPoint(x: 10, y: 10))
        #expect(view.scale == 0.5)
        view.zoom(to: 1000, about: PixelPoint(x: 10, y: 10))
        #expect(view.scale == ViewTransform.maximumScale)
        view.actualSize()
        #expect(view.scale == 1)
        view.fit()
        #expect(view.scale == 0.5 && view.fitsView && view.origin == PixelPoint(x: 0, y: 0))
    }

    @Test("panning is clamped: a larger image always covers the view, a smaller axis stays centred")
    func panClamped() {
        var view = ViewTransform(imageWidth: 1000, imageHeight: 100, viewWidth: 400, viewHeight: 300)
        view.actualSize()
        view.pan(dx: 10_000, dy: 50)
        #expect(view.origin == PixelPoint(x: 0, y: 100))
        view.pan(dx: -10_000, dy: -50)
        #expect(view.origin == PixelPoint(x: -600, y: 100))
        view.pan(dx: 250, dy: 0)
        #expect(view.origin.x == -350)
        #expect(view.imageInView.maxX >= 400 && view.imageInView.x <= 0)
    }

    @Test("a resized view refits while fitting; zoomed, it keeps the image point at its centre")
    func resize() {
        var view = ViewTransform(imageWidth: 1000, imageHeight: 1000, viewWidth: 500, viewHeight: 500)
        view.resize(viewWidth: 250, viewHeight: 400)
        #expect(view.scale == 0.25 && view.origin == PixelPoint(x: 0, y: 75))
        view.zoom(to: 2, about: PixelPoint(x: 125, y: 200))
        let centre = view.imagePoint(PixelPoint(x: 125, y: 200))
        view.resize(viewWidth: 300, viewHeight: 300)
        #expect(view.scale == 2)
        #expect(view.imagePoint(PixelPoint(x: 150, y: 150)) == centre)
    }
}
