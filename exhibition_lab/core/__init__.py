"""temporary"""
