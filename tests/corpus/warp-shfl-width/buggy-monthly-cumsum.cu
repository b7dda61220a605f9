// Year-to-date running totals of monthly series: twelve lanes per year,
// two years per warp (lanes 24..31 idle), an inclusive segmented scan
// with __shfl_up_sync whose width is "the months of a year". The width must
// be a power of two; with 12 the segments are undefined, and months of one
// year pick up values from the other.

#define FULL_MASK 0xffffffffu

__global__ void yearToDate(const float *__restrict__ monthly, float *__restrict__ ytd, int years) {
  const int months = 12;
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int year = warp * 2 + lane / months;
  const int month = lane % months;
  const bool valid = lane < 2 * months && year < years;

  float v = valid ? monthly[year * months + month] : 0.f;
  for (int d = 1; d < months; d <<= 1) {
    float up = __shfl_up_sync(FULL_MASK, v, d, months);  // expect: warp-shfl-width
    if (month >= d) v += up;
  }
  if (valid) ytd[year * months + month] = v;
}
