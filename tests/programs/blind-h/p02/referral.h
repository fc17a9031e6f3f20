#pragma once

#include <torch/torch.h>

#include <string>

#include "grading.h"

// Per-site log-prior correction, one value per ICDR grade (text file).
torch::Tensor load_site_bias(const std::string& path, int64_t num_grades);

// Referral decision of the screening programme.
std::string referral_decision(const GradeReport& rep, double refer_threshold);

void print_grade_report(const GradeReport& rep, double refer_threshold);

// Writes the worst lesion map as an 8-bit PGM next to the report.
void write_lesion_pgm(const GradeReport& rep, const std::string& path);
