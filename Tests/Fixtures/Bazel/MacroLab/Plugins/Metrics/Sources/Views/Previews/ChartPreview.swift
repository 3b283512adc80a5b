struct ChartPreview {}
