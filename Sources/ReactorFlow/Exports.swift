// The operators the seeds use on streams (merge, debounce, throttle, removeDuplicates, chain…)
// come from swift-async-algorithms; `import ReactorFlow` brings them along.
@_exported import AsyncAlgorithms
