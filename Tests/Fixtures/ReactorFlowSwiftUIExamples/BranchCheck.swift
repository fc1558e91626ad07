// The SwiftUI-branch build (REACTORFLOW_SWIFTUI_BRANCH=1) exists to compile the
// `#if canImport(SwiftUI)` code: it fails here if that code was skipped.
#if REACTORFLOW_SWIFTUI_BRANCH && !canImport(SwiftUI)
  #error("REACTORFLOW_SWIFTUI_BRANCH is set but SwiftUI cannot be imported: the stand-in is missing")
#endif
