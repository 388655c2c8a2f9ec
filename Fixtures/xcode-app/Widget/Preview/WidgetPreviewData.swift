import ProfileFeature

// Excluded from WidgetExtension by its membership exception set: no target compiles this file, so its import
// of a product the widget doesn't link is not reported.
enum WidgetPreviewData {
    static let title = ProfileViewController.previewTitle
}
