// The headless screen tree is a module of its own so that its names (`NavigationStack`, `Window`)
// never meet SwiftUI's in an app that imports ReactorFlow: apps on iOS import ReactorFlow (and
// ReactorFlowUIKit or ReactorFlowSwiftUI); tests, the terminal demo and headless apps import this
// module, which brings ReactorFlow with it.
@_exported import ReactorFlow
